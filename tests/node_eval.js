"use strict";
// The tests' JavaScript runner (tests/node_run.py): one node process per test process reads one
// request a line ({"script", "input"}), runs the script in a worker thread of its own and answers
// one line ({"code", "out", "err"}). A worker is what `node -e SCRIPT` with INPUT on its stdin
// gives, without starting node again: its own modules (a fresh require of every file), globals and
// event loop (it ends when nothing is left to do, as a process does), `process.exit` ends only it,
// an uncaught error is exit code 1 with its stack on stderr, and `readFileSync(0)` reads INPUT.
const { Worker } = require("worker_threads");
const readline = require("readline");

const PRELUDE = `{ const fs = require("fs"); const { workerData } = require("worker_threads"); const read = fs.readFileSync;
  fs.readFileSync = function (file, ...rest) { return file === 0 ? workerData : read.call(this, file, ...rest); }; }\n`;
const queue = [];
let busy = false;

function next() {
  if (busy || !queue.length) return;
  busy = true;
  const { script, input } = queue.shift();
  let out = "", err = "", code = null, pending = 3;
  const done = () => {
    if (--pending) return;
    process.stdout.write(JSON.stringify({ code, out, err }) + "\n");
    busy = false;
    next();
  };
  const worker = new Worker(PRELUDE + script, { eval: true, workerData: input ?? "", stdout: true, stderr: true });
  worker.stdout.setEncoding("utf8");
  worker.stderr.setEncoding("utf8");
  worker.stdout.on("data", (d) => { out += d; });
  worker.stderr.on("data", (d) => { err += d; });
  worker.stdout.on("end", done);
  worker.stderr.on("end", done);
  worker.on("error", (e) => { err += ((e && e.stack) || String(e)) + "\n"; });
  worker.on("exit", (c) => { code = c; done(); });
}

readline.createInterface({ input: process.stdin }).on("line", (line) => { queue.push(JSON.parse(line)); next(); });
