"""``doctor(step, *args, steps=3)``: run a reader's own training step a few times under the book's
instruments and say, in the reader's edition, what goes wrong and how to fix it.

The instruments, installed only while the step runs and removed after:

- saved-tensor hooks (``torch.autograd.graph.saved_tensors_hooks``) that record which operation
  saved what, its bytes, and its version. Hooks switch autograd's own version check off (an
  in-place change to a saved tensor would no longer raise), so the unpack hook makes the same
  check and raises the same error: the step's numbers and errors stay what they are without the
  doctor. It also notices the change before the backward that needs the tensor runs;
- a torch-function mode that names the operation each saved tensor belongs to (``linear``);
- wrappers of ``torch.autograd.backward`` and ``torch.autograd.grad`` that walk each graph before
  it runs (``grad_fn``/``next_functions``) to see which parameters it reaches and which got a
  gradient, and that note ``retain_graph``;
- optimizer step hooks and module forward hooks (global, removable) that note what ran when, and
  under which grad mode;
- weak references to the saved tensors and ``gc`` between iterations, to see what stays alive.

Where a tensor that holds a graph lives (a global, an attribute, a closure variable, an argument),
the doctor finds it among the names the step refers to. It changes nothing in the reader's model
or optimizer beyond what the step does itself, and it says when it cannot tell.
"""
from __future__ import annotations

import gc
import sys
import inspect
import types
import weakref
from collections import defaultdict
from dataclasses import dataclass, field

import torch
from torch.nn.modules.module import register_module_forward_hook
from torch.optim.optimizer import register_optimizer_step_post_hook
from torch.overrides import TorchFunctionMode

from .explain import explanation
from .companion_messages import edition as choose_edition, join, say
from .exercises.messages import log

MAX_NODES = 200_000
NOTES = {"no_backward"}  # what the doctor cannot judge, said plainly: not a problem of the step


# ------------------------------------------------------------------ findings and the report

@dataclass
class Finding:
    """One thing the doctor found: ``kind`` (a key of messages.yml under ``doctor.``), the fields
    of its sentence, and the sections of the book that explain it."""
    kind: str
    fields: dict = field(default_factory=dict)
    sections: tuple[str, ...] = ()

    def text(self, language: str) -> str:
        values = {k: (v(language) if callable(v) else v) for k, v in self.fields.items()}
        return say(f"doctor.{self.kind}", language, **values)


@dataclass
class Report:
    """What ``doctor`` found; printed (or shown by Jupyter) in the reader's edition."""
    step: str
    edition: str
    iterations: int = 0
    steps: int = 0
    findings: list[Finding] = field(default_factory=list)
    error: BaseException | None = None
    saved: list[dict] = field(default_factory=list)   # per iteration: {op: bytes saved}
    alive: list[int] = field(default_factory=list)    # per iteration: bytes of saved tensors still alive after it
    readers: bool = False  # in the reader's edition (no edition was chosen): each edition's copy of the outputs shows its own

    @property
    def kinds(self) -> list[str]:
        return [f.kind for f in self.findings]

    @property
    def clean(self) -> bool:
        """No problem found (a note that it cannot judge something is no problem)."""
        return self.error is None and all(f.kind in NOTES for f in self.findings)

    def text(self, language: str | None = None) -> str:
        if language is None and self.readers:
            log(lambda lang: self.text(lang))  # the report as each edition's reader gets it
        lang = language or self.edition
        lines = [say("doctor.ran", lang, step=self.step, n=self.iterations, steps=self.steps)]
        if self.error is not None:
            lines.append(say("doctor.raised", lang, n=self.iterations))
            hints = tuple(s for f in self.findings for s in f.sections)
            lines += ["  " + line for line in explanation(self.error, lang, hints).text(limit=3).splitlines()]
        if not self.clean:
            lines.append(say("doctor.found", lang))
            for n, finding in enumerate(self.findings, 1):
                lines.append(f"{n}. {finding.text(lang)}")
        elif self.findings:  # notes only: what it could not judge
            lines.append(say("doctor.clean_notes", lang, n=self.iterations))
            lines += [finding.text(lang) for finding in self.findings]
        else:
            lines.append(say("doctor.clean", lang, n=self.iterations))
        if self.saved:
            lines.append(say("doctor.saved_title", lang))
            for i, (ops, alive) in enumerate(zip(self.saved, self.alive), 1):
                parts = [f"{op} {_bytes(b)}" for op, b in sorted(ops.items(), key=lambda x: -x[1])[:6]] or ["0 B"]
                lines.append("  " + say("doctor.saved_line", lang, i=i, ops=join(parts, lang), alive=_bytes(alive)))
        return "\n".join(lines)

    __str__ = text

    def __repr__(self) -> str:
        return self.text()

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(self.text())


def _bytes(n: int) -> str:
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} B"


# ------------------------------------------------------------------ where the step's tensors live

def _code_objects(code: types.CodeType):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_objects(const)


def _referenced_globals(function, depth: int = 3, seen=None) -> dict[str, object]:
    """The globals ``function`` refers to, and those of the functions of the same module it calls."""
    seen = set() if seen is None else seen
    function = inspect.unwrap(getattr(function, "__func__", function))
    code = getattr(function, "__code__", None)
    if code is None or code in seen:
        return {}
    seen.add(code)
    space = function.__globals__
    found = {}
    for c in _code_objects(code):
        for name in c.co_names:
            if name in space:
                found[name] = space[name]
    for name, value in list(found.items()):
        if depth and isinstance(value, types.FunctionType) and value.__globals__ is space:
            found.update(_referenced_globals(value, depth - 1, seen))
    if getattr(function, "__closure__", None):
        for name, cell in zip(code.co_freevars, function.__closure__):
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if depth and isinstance(value, types.FunctionType):
                found.update(_referenced_globals(value, depth - 1, seen))
    return found


def _places(step, args, kwargs) -> list[tuple[tuple[str, str], object]]:
    """(where, value) of every root the step can reach: ((kind, name), value)."""
    roots = [(("global", name), value) for name, value in _referenced_globals(step).items()]
    function = getattr(step, "__func__", step)
    code = getattr(function, "__code__", None)
    if code is not None and getattr(function, "__closure__", None):
        for name, cell in zip(code.co_freevars, function.__closure__):
            try:
                roots.append((("closure", name), cell.cell_contents))
            except ValueError:
                pass
    if getattr(step, "__self__", None) is not None:
        roots.append((("self", type(step.__self__).__name__), step.__self__))
    if isinstance(step, torch.nn.Module) or (not inspect.isroutine(step) and hasattr(step, "__dict__")):
        roots.append((("self", type(step).__name__), step))
    roots += [(("argument", str(i)), a) for i, a in enumerate(args)]
    roots += [(("argument", k), v) for k, v in kwargs.items()]
    return roots


_SKIP = (types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, type,
         torch.optim.Optimizer, str, bytes, int, float, bool, type(None))


def _walk(value, name: str, tensors: dict, modules: dict, optimizers: dict, depth: int = 3) -> None:
    """Collect the tensors, modules and optimizers under ``value`` (named ``name``)."""
    if isinstance(value, torch.optim.Optimizer):
        optimizers.setdefault(id(value), (name, value))
        return
    if isinstance(value, torch.Tensor):
        if not isinstance(value, torch.nn.Parameter):
            tensors.setdefault(name, value)
        return
    if depth < 0 or isinstance(value, _SKIP):
        return
    if isinstance(value, torch.nn.Module):
        modules.setdefault(id(value), (name, value))
        for key, item in vars(value).items():
            if not key.startswith("_"):
                _walk(item, f"{name}.{key}", tensors, modules, optimizers, depth - 1)
        return
    if isinstance(value, dict):
        for key, item in list(value.items())[:64]:
            _walk(item, f"{name}[{key!r}]", tensors, modules, optimizers, depth - 1)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value[:64]):
            _walk(item, f"{name}[{i}]", tensors, modules, optimizers, depth - 1)
    elif hasattr(value, "__dict__") and not inspect.isroutine(value):
        for key, item in list(vars(value).items())[:64]:
            if not key.startswith("__"):
                _walk(item, f"{name}.{key}", tensors, modules, optimizers, depth - 1)


def _where(kind: str, root: str, path: str, paths: list[str] | None = None):
    """The words naming a place (or several of one kind: ``paths``), rendered per language."""
    if kind in {"global", "closure"} and path != root:
        kind = "attribute"
    return lambda lang: say(f"where.{kind}", lang, name=_names(paths or [path], lang), root=root)


def _names(names: list[str], lang: str) -> str:
    """Several names for a template that puts one in backticks: ``a`, `b`` (``a`、`b`` in Chinese)."""
    return ("`" + say("list.separator", lang) + "`").join(names)


def _graph(root_nodes) -> tuple[int, set[int]]:
    """(the number of nodes, the ids of the leaves' tensors) of the graph behind ``root_nodes``."""
    seen, stack, leaves = set(), [n for n in root_nodes if n is not None], set()
    while stack and len(seen) < MAX_NODES:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        variable = getattr(node, "variable", None)
        if variable is not None:
            leaves.add(id(variable))
        stack.extend(n for n, _ in node.next_functions if n is not None)
    return len(seen), leaves


# ------------------------------------------------------------------ the instruments

class _Packed:
    """What the saved-tensor hook hands autograd: the tensor (detached: a saved output would
    otherwise hold its own grad_fn, a cycle), the version it was saved at, who saved it."""
    __slots__ = ("tensor", "version", "op", "iteration", "nbytes", "key", "__weakref__")

    def __init__(self, tensor, op, iteration):
        self.tensor = tensor.detach()
        self.version = tensor._version
        self.op = op
        self.iteration = iteration
        storage = tensor.untyped_storage()
        self.key = (str(tensor.device), storage.data_ptr())
        self.nbytes = storage.nbytes()


class _OpNames(TorchFunctionMode):
    def __init__(self, run):
        super().__init__()
        self.run = run

    def __torch_function__(self, func, types_, args=(), kwargs=None):
        outer = self.run.op
        self.run.op = getattr(func, "__name__", "op").strip("_") or "op"
        try:
            return func(*args, **(kwargs or {}))
        finally:
            self.run.op = outer


class _Run:
    def __init__(self, step, args, kwargs):
        self.step, self.args, self.kwargs = step, args, kwargs
        self.op = "op"
        self.iteration = 0
        self.packs: weakref.WeakSet = weakref.WeakSet()
        self.saved_by_op: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.live_keys: dict[tuple, int] = defaultdict(int)
        self.events: list[tuple] = []       # ("backward", i, record) / ("step", i, name)
        self.backwards: list[dict] = []
        self.inplace: list[dict] = []
        self.forward: dict[int, list[bool]] = defaultdict(list)  # module id -> grad mode of each call
        self.unpacking = None
        self.skip_storages: set = set()

    # -- where things live
    def survey(self):
        tensors, modules, optimizers = {}, {}, {}
        for (kind, name), value in _places(self.step, self.args, self.kwargs):
            label = name if kind in {"global", "closure"} else ("self" if kind == "self" else f"args[{name}]")
            sub: dict = {}
            _walk(value, label, sub, modules, optimizers)
            for path, tensor in sub.items():
                tensors.setdefault(path, (kind, name, tensor))
        return tensors, modules, optimizers

    def parameters(self, modules, optimizers) -> dict[int, tuple[str, torch.nn.Parameter, int | None]]:
        """id(param) -> (its name, the parameter, id of the smallest module that owns it)."""
        params = {}
        for name, module in sorted(modules.values(), key=lambda x: x[0]):
            for sub_name, sub in module.named_modules(prefix=name):
                for p_name, p in sub.named_parameters(prefix=sub_name, recurse=False):
                    params.setdefault(id(p), (p_name, p, id(sub)))
        for name, optimizer in optimizers.values():
            for g, group in enumerate(optimizer.param_groups):
                for i, p in enumerate(group["params"]):
                    params.setdefault(id(p), (f"{name}.param_groups[{g}]['params'][{i}]", p, None))
        return params

    # -- hooks
    def pack(self, tensor):
        packed = _Packed(tensor, self.op, self.iteration)
        if packed.key in self.skip_storages:
            packed.nbytes = 0  # a parameter: alive anyway, no extra memory
        elif self.live_keys[packed.key] == 0:  # a storage counts once while some node holds it
            self.saved_by_op[self.iteration][packed.op] += packed.nbytes
        self.live_keys[packed.key] += 1
        weakref.finalize(packed, self._release, packed.key)
        self.packs.add(packed)
        return packed

    def _release(self, key):
        self.live_keys[key] -= 1

    def unpack(self, packed):
        if self.unpacking is not None:
            self.unpacking["packs"].add(id(packed))
            for record in self.backwards:
                if record is not self.unpacking and id(packed) in record["packs"] and record["retain"]:
                    record["reused"] = True
        if packed.tensor._version != packed.version:
            self.note_inplace(packed)
            t = packed.tensor
            raise RuntimeError(
                "one of the variables needed for gradient computation has been modified by an inplace operation: "
                f"[{t.type()} [{', '.join(map(str, t.shape))}]], saved by {packed.op}, is at version "
                f"{t._version}; expected version {packed.version} instead. Hint: autograd_book.doctor saw it "
                "(its saved-tensor hooks make autograd's own check)")
        return packed.tensor

    def note_inplace(self, packed):
        if any(r["packed"] is packed for r in self.inplace):
            return
        self.inplace.append({"packed": packed})

    def check_versions(self):
        """Saved tensors changed in place before the backward that needs them runs."""
        for packed in list(self.packs):
            if packed.tensor._version != packed.version:
                self.note_inplace(packed)

    def backward_record(self, roots, retain, create, function):
        grad_fns = [t.grad_fn for t in roots if isinstance(t, torch.Tensor)]
        count, leaves = _graph(grad_fns)
        return {"iteration": self.iteration, "retain": bool(retain) or bool(create), "explicit": bool(retain),
                "packs": set(), "reused": False, "leaves": leaves, "function": function, "nodes": count,
                "received": set(), "index": len(self.backwards)}


def _tensors(value):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for t in value if isinstance(t, torch.Tensor)]
    return []


def doctor(step, *args, steps: int = 3, edition: str | None = None, **kwargs) -> Report:
    """Run ``step(*args, **kwargs)`` ``steps`` times under the book's instruments; return the report
    (Jupyter shows it; ``print`` it in a script) in the reader's edition."""
    lang = choose_edition(edition)
    name = getattr(step, "__qualname__", None) or type(step).__name__
    report = Report(name, lang, steps=steps, readers=edition is None)
    run = _Run(step, args, kwargs)
    tensors, modules, optimizers = run.survey()
    params = run.parameters(modules, optimizers)
    run.skip_storages = {(str(p.device), p.untyped_storage().data_ptr()) for _, p, _ in params.values()}
    optimizer_names = {id(o): n for n, o in optimizers.values()}
    run.owners = {id(p): n for n, o in optimizers.values() for g in o.param_groups for p in g["params"]}
    before = {path: (kind, root, t) for path, (kind, root, t) in tensors.items() if t.grad_fn is not None}
    history: dict[str, list[dict]] = defaultdict(list)  # path -> what held a graph there, per look

    original_backward, original_grad = torch.autograd.backward, torch.autograd.grad
    backward_signature = inspect.signature(original_backward)
    grad_signature = inspect.signature(original_grad)

    def grads_now():
        return {pid: (None if p.grad is None else (id(p.grad), p.grad._version)) for pid, (_, p, _) in params.items()}

    def wrapped(function, original, signature):
        def call(*a, **k):
            bound = signature.bind(*a, **k)
            arguments = bound.arguments
            roots = _tensors(arguments.get("tensors", arguments.get("outputs")))
            record = run.backward_record(roots, arguments.get("retain_graph"), arguments.get("create_graph"), function)
            run.check_versions()
            record["serial"] = len(run.events)
            run.backwards.append(record)
            run.events.append(("backward", run.iteration, record, record["serial"]))
            was, outer = grads_now(), run.unpacking
            run.unpacking = record
            try:
                return original(*a, **k)
            finally:
                run.unpacking = outer
                now = grads_now()
                record["received"] = {pid for pid in params if now[pid] is not None and now[pid] != was[pid]}
                record["held"] = _alive_bytes(p for p in list(run.packs) if id(p) in record["packs"])
        call.__wrapped__ = original
        return call

    def on_step(optimizer, a, k):
        run.events.append(("step", run.iteration, optimizer_names.get(id(optimizer), type(optimizer).__name__),
                           len(run.events)))

    def on_forward(module, inputs, output):
        run.forward[id(module)].append(torch.is_grad_enabled())

    hooks = [register_optimizer_step_post_hook(on_step), register_module_forward_hook(on_forward)]
    torch.autograd.backward = wrapped("backward", original_backward, backward_signature)
    torch.autograd.grad = wrapped("grad", original_grad, grad_signature)
    def look():
        gc.collect()
        found, _, _ = run.survey()
        for path, (kind, root, t) in found.items():
            if t.grad_fn is not None:
                history[path].append({"id": id(t), "nodes": _graph([t.grad_fn])[0], "kind": kind, "root": root,
                                      "scalar": t.numel() == 1})

    try:
        for i in range(1, steps + 1):
            run.iteration = i
            try:
                with torch.autograd.graph.saved_tensors_hooks(run.pack, run.unpack), _OpNames(run):
                    step(*args, **kwargs)
            except Exception as exc:  # the reader's error: explained in the report
                report.error = exc
                report.iterations = i
                look()
                break
            report.iterations = i
            look()
            run.check_versions()
            report.saved.append(dict(run.saved_by_op[i]))
            report.alive.append(_alive_bytes(run.packs))
    finally:
        torch.autograd.backward, torch.autograd.grad = original_backward, original_grad
        for hook in hooks:
            hook.remove()

    report.findings = _diagnose(run, report, before, history, params)
    return report


def _model(name: str) -> str:
    """The model a parameter's name starts with: ``D`` of ``D.2.weight``, ``self.lstm`` of ``self.lstm.weight_ih_l0``."""
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "self" and len(parts) > 2 else parts[0]


def _alive_bytes(packs) -> int:
    seen, total = set(), 0
    for p in list(packs):
        if p.key not in seen:
            seen.add(p.key)
            total += p.nbytes
    return total


# ------------------------------------------------------------------ what the instruments saw

def _diagnose(run, report, before, history, params) -> list[Finding]:
    findings: list[Finding] = []
    error_text = str(report.error) if report.error is not None else ""
    backward_twice = "backward through the graph a second time" in error_text

    # 1. A tensor that carries a graph from one iteration into the next.
    carried = set()
    for path, (kind, root, t) in before.items():
        seen = history.get(path, [])
        if all(h["id"] == id(t) for h in seen) and (seen or backward_twice):
            carried.add(path)
            findings.append(Finding("carried_once", {"where": _where(kind, root, path), "name": path},
                                    ("pit-target-outside-loop",)))
    grouped: dict[tuple, list[str]] = defaultdict(list)
    for path, seen in history.items():
        counts = [h["nodes"] for h in seen]
        if path in carried or len(counts) < 2 or not all(b > a for a, b in zip(counts, counts[1:])):
            continue
        last = seen[-1]
        grouped[(last["scalar"], last["kind"], last["root"], tuple(counts))].append(path)
        carried.add(path)
    for (scalar, kind, root, counts), paths in grouped.items():
        findings.append(Finding("carried_total" if scalar else "carried_state",
                                {"where": _where(kind, root, paths[0], paths), "nodes": " → ".join(map(str, counts))},
                                ("pit-running-loss",) if scalar else ("pit-hidden-state", "rg-anomaly")))
    # The error of the second iteration with a state the doctor could not see change (a first
    # iteration that raised): say so, naming what holds a graph.
    if backward_twice and not carried and report.iterations >= 2:
        findings.append(Finding("carried_unknown", {}, ("rg-guide",)))

    # 2. An in-place change to a saved tensor, and an optimizer step between two backwards.
    names = {(str(p.device), p.untyped_storage().data_ptr()): name for name, p, _ in params.values()}
    changed: dict[tuple, list] = defaultdict(list)
    for change in run.inplace:
        packed = change["packed"]
        target = names.get(packed.key)
        stepped = [e[2] for e in run.events if e[0] == "step" and e[1] == packed.iteration]
        if target and stepped and carried and report.iterations > packed.iteration:
            key = ("retain_carried", stepped[0], packed.op)
        elif target and stepped:
            key = ("step_between", stepped[0], packed.op)
        else:
            key = ("inplace", None, packed.op)
        if target not in [t for t, _ in changed[key]]:
            changed[key].append((target, packed))
    for (kind, optimizer, op), items in changed.items():
        if kind == "inplace":
            for _, packed in items:
                findings.append(Finding("inplace", {"what": lambda lang, p=packed: say("what.tensor", lang, shape=list(p.tensor.shape)),
                                                    "op": op, "old": packed.version, "new": packed.tensor._version},
                                        ("pit-inplace-saved", "pit-inplace-decode")))
            continue
        targets = sorted(t for t, _ in items)
        findings.append(Finding(kind, {"what": lambda lang, t=targets: say("what.parameter", lang, name=_names(t, lang)),
                                       "op": op, "optimizer": optimizer},
                                ("pit-step-between-backwards", "rg-gan") if kind == "step_between"
                                else ("pit-retain-graph", "pit-hidden-state")))

    # 3. A backward that freed a graph a later backward of the same iteration needed (D(fake) through G).
    if backward_twice and run.backwards:
        last = run.backwards[-1]
        for earlier in run.backwards[:-1]:
            if earlier["iteration"] != last["iteration"] or earlier["retain"]:
                continue
            shared = {pid for pid in earlier["received"] if pid in last["leaves"]}
            if not shared:
                continue
            stepped = {e[2] for e in run.events if e[0] == "step" and earlier["serial"] < e[3] < last["serial"]}
            owner = {pid: run.owners.get(pid) for pid in earlier["received"]}
            through = sorted({_model(params[pid][0]) for pid in earlier["received"] if owner[pid] and owner[pid] not in stepped})
            updated = sorted({_model(params[pid][0]) for pid in earlier["received"] if owner[pid] in stepped})
            if stepped and through and updated:
                findings.append(Finding("freed_through", {"first": earlier["index"] + 1, "second": last["index"] + 1,
                                                          "shared": ", ".join(through), "other": ", ".join(updated)},
                                        ("rg-gan",)))
            else:
                findings.append(Finding("freed_shared", {"first": earlier["index"] + 1, "second": last["index"] + 1,
                                                         "shared": ", ".join(sorted({_model(params[p][0]) for p in shared}))},
                                        ("rg-two-losses", "rg-prefix")))
            break

    # 4. retain_graph=True whose kept graph no later backward used.
    for record in run.backwards:
        if record["explicit"] and not record["reused"] and record["function"] == "backward":
            later = [r for r in run.backwards if r["index"] > record["index"]]
            if report.error is not None and not later:
                continue  # the step stopped before anything could use it
            findings.append(Finding("retain_unused", {"n": record["index"] + 1, "i": record["iteration"],
                                                      "bytes": _bytes(record.get("held", 0))}, ("pit-retain-graph", "rg-needed")))
            break
    # and one that was used again only because a graph is carried over: memory grows.
    if any(r["explicit"] and r["reused"] for r in run.backwards) and len(report.alive) >= 2 and \
            report.alive[-1] > report.alive[0] > 0:
        findings.append(Finding("retain_grows", {"growth": " → ".join(_bytes(b) for b in report.alive)},
                                ("pit-retain-graph", "rg-loop")))

    # 5. Saved tensors still alive after each iteration, growing, with no place that explains them.
    if len(report.alive) >= 2 and report.alive[-1] > report.alive[0] > 0 and not carried:
        findings.append(Finding("alive_grows", {"growth": " → ".join(_bytes(b) for b in report.alive)},
                                ("pit-running-loss", "rg-anomaly")))

    # 6. Parameters that require grad and got no gradient.
    backwards = [r for r in run.backwards if r["function"] == "backward"]
    if backwards and report.error is None:
        received = set().union(*(r["received"] for r in backwards))
        reached = set().union(*(r["leaves"] for r in backwards))
        missing = [(name, p, owner) for pid, (name, p, owner) in params.items()
                   if p.requires_grad and pid not in received]
        by_cause = defaultdict(list)
        for name, p, owner in missing:
            modes = run.forward.get(owner, []) if owner is not None else []
            if id(p) in reached:
                cause = "cause_inputs"
            elif owner is not None and not modes:
                cause = "cause_not_run"
            elif modes and not any(modes):
                cause = "cause_no_grad"
            elif not p.is_leaf:
                cause = "cause_non_leaf"
            else:
                cause = "cause_not_in_loss"
            by_cause[cause].append(name)
        for cause, names_ in by_cause.items():
            shown = ", ".join(names_[:4]) + (f" (+{len(names_) - 4})" if len(names_) > 4 else "")
            findings.append(Finding("no_grad", {"names": shown, "cause": lambda lang, c=cause: say(f"doctor.{c}", lang)},
                                    ("pit-grad-none", "pit-partial-no-grad")))
    elif not run.backwards and report.error is None and params:
        findings.append(Finding("no_backward", {}, ("pit-grad-none",)))
    return findings


class _Callable(type(sys)):
    """``autograd_book.doctor`` is this module once it is imported: calling it calls ``doctor``."""

    def __call__(self, *args, **kwargs):
        return self.doctor(*args, **kwargs)


sys.modules[__name__].__class__ = _Callable
