// The site's search run under node on a built edition: Pagefind's own search (the edition's
// _pagefind/pagefind.js, its wasm and index read from disk) and the book's ranking (the edition's
// _static/search/rank.js with errormatch.js and errors.js: the files the search page loads;
// book/_static/search/'s where a site lacks them), in the language of the page's <html lang>.
// Reads {site, edition, queries, limit[, rank]} as JSON on stdin; writes, per query, what the page would
// list: {strict, shown}, each [{kind, url}], best first (strict: without the cases that the page
// shows under an error index entry found by its words). tests/test_search_browser.py holds the page
// in Chromium to the same lists.
//   node tests/search_node.mjs < request.json
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Pagefind fetches its index relative to its own URL: a file: URL here, read from disk.
const webFetch = globalThis.fetch;
globalThis.fetch = async (url, options) => {
  const u = String(url);
  if (!u.startsWith("file:")) return webFetch(url, options);
  return new Response(fs.readFileSync(fileURLToPath(u.split("?")[0])), { status: 200 });
};

const request = JSON.parse(fs.readFileSync(0, "utf8"));
const site = path.join(request.site, request.edition);
const script = (name) => [path.join(site, "_static/search", name), path.join(root, "book/_static/search", name)].find(fs.existsSync);
// request.rank: another rank.js to run instead (a test's planted one, tests/test_search_browser.py).
const rank = require(request.rank || script("rank.js"));
const matcher = require(script("errormatch.js"));
const sandbox = { window: {} };
vm.runInNewContext(fs.readFileSync(path.join(site, "_static/search/errors.js"), "utf8"), sandbox);
const errors = sandbox.window.BOOK_ERRORS || [];
const wordsFile = path.join(site, "_static/search/words.js");
if (fs.existsSync(wordsFile)) vm.runInNewContext(fs.readFileSync(wordsFile, "utf8"), sandbox);
const words = sandbox.window.BOOK_SEARCH_WORDS;
// Pagefind takes its language from the page's <html lang>, and in a Chinese edition cuts the query
// into words (Intl.Segmenter) only when it knows the language: without a document it would take
// "unknown" and search other terms than the page does. The search page's lang, as the page has it.
const page = fs.readFileSync(path.join(site, "search.html"), "utf8");
const pageLang = (page.match(/<html[^>]*\blang="([^"]+)"/) || [])[1] || "unknown";
// Pagefind's data() of a result computes the section's sub-results (an excerpt for each heading under
// it, each splitting the section's whole text again), which neither rank.js nor the search page reads:
// under node a third of what data() cost (issue 35, item 7). The edition's pagefind.js is imported with
// that one statement made lazy (computed, from the values it would have been computed from, when read);
// if Pagefind's text is not the one expected, the file is imported as it is.
const pagefindFile = path.join(site, "_pagefind/pagefind.js");
const SUB_RESULTS = "fragment.sub_results=calculate_sub_results(fragment,this.excerptLength);";
const LAZY_SUB_RESULTS = "{const f={...fragment},n=this.excerptLength;let v;Object.defineProperty(fragment,\"sub_results\"," +
  "{configurable:true,enumerable:false,get:()=>v??=calculate_sub_results(f,n),set:(x)=>{v=x;}});}";
const pagefindSource = fs.readFileSync(pagefindFile, "utf8");
const lazy = process.env.BOOK_PAGEFIND_AS_IS !== "1" && pagefindSource.split(SUB_RESULTS).length === 2;
const pagefind = await import(lazy ? "data:text/javascript;base64," + Buffer.from(pagefindSource.replace(SUB_RESULTS, LAZY_SUB_RESULTS)).toString("base64")
  : pathToFileURL(pagefindFile).href);
// Its index, wasm and fragments from the edition's _pagefind, as the file itself would find them (import.meta.url).
const basePath = pathToFileURL(path.dirname(pagefindFile)).href + "/";
// BOOK_PAGEFIND_RANKING (JSON, e.g. {"termSimilarity": 0.3}): Pagefind's ranking options, to measure other
// settings without editing search.js (tests/test_real_questions.py passes the environment through).
const ranking = process.env.BOOK_PAGEFIND_RANKING ? JSON.parse(process.env.BOOK_PAGEFIND_RANKING) : null;
await pagefind.options(ranking ? { excerptLength: 26, ranking, basePath } : { excerptLength: 26, basePath });
globalThis.document = { querySelector: (s) => (s === "html" ? { getAttribute: (a) => (a === "lang" ? pageLang : null) } : null) };
await pagefind.init();  // the instance is made here, with the page's language
delete globalThis.document;
const href = (d) => (d.meta && d.meta.href) || d.url.replace(/^\/[^/]+\//, "");

// The queries of a corpus share words (grad, backward, 梯度): rank.js searches each of a query's words
// alone (and some as their characters or parts), and most were searched by an earlier query. Each term
// is searched once in a run and its results are reused (issue 35, item 7: the corpus routing's three
// editions took 405 CPU-s, 142 with this). A search with options (the preload) goes to Pagefind as it is.
// What this changes: the whole index is loaded before the first search (rank.js), so a term finds the
// same sections every time; but Pagefind's wasm hashes with keys that change with every map it makes,
// so the order of equal scores and the last bits of a score depend on what was searched before in the
// same process, with or without this cache (the page searches each query in a fresh Pagefind). On
// main's build of 2026-12-06 16:20 UTC: en and zh-hant byte-equal to the run without the cache; zh-hans
// 2 of 1130 queries with two sections swapped at 9th/10th, as running its queries in reverse order
// without the cache swapped them.
// A result's data() loads its section (Pagefind keeps one object per section) and writes that result's
// excerpt, url and sub-results into it, which the next data() of the same section overwrites: a
// reused result's data() writes back what its first call wrote (the same values, computed from the
// same result, without excerpting the section again) and returns the same object, as Pagefind would.
function remembered(result) {
  const load = result.data;
  let wrote = null;
  result.data = async () => {
    if (wrote) return Object.assign(wrote.fragment, wrote.values);
    const fragment = await load();
    wrote = { fragment, values: { ...fragment } };
    return fragment;
  };
  return result;
}
const searched = new Map();
const engine = {
  search: (term, options) => {
    if (options !== undefined) return pagefind.search(term, options);
    if (!searched.has(term)) {
      searched.set(term, pagefind.search(term).then((found) => (found.results.forEach(remembered), found)));
    }
    return searched.get(term);
  },
  preload: (term, options) => pagefind.preload(term, options),
};

const answers = [];
// A query asked twice (two entries of a corpus with the same words) is answered once: the same list.
const answered = new Map();
for (const query of request.queries) {
  if (answered.has(query)) {
    answers.push(answered.get(query));
    continue;
  }
  // The ranking's own list (strict), and the list the page shows: an error index entry that the
  // words found has its cases under it (rank.withCases, which the page applies after the search).
  const found = await rank.search(engine, query, { lang: pageLang, errors, matcher, href, limit: request.limit, words, cases: false });
  const shown = rank.withCases(found, errors, found.scores);
  const links = (list) => list.map((x) => ({ kind: x.kind, url: x.url.replace(/\?[^#]*/, "") }));
  answers.push({ strict: links(found), shown: links(shown) });
  answered.set(query, answers[answers.length - 1]);
}
process.stdout.write(JSON.stringify(answers));
