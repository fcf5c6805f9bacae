"""book/errors.yml's ``varies``: the parts of a message that vary (the operation a missing derivative
names, the GPU's figures after an out-of-memory message), as patterns both error matchers apply
(utils/autograd_book/errormatch.py and book/_static/search/errormatch.js, from the data generated
from errors.yml). A pattern must read the same in Python and JavaScript."""
from __future__ import annotations

import re

# What reads differently in Python's re and JavaScript's RegExp, or in one only: named groups, inline
# flags, \A \Z, Python's \g<1>, possessive and atomic groups.
NOT_PORTABLE = re.compile(r"\(\?P?<[A-Za-z]|\(\?[aiLmsux]+[):]|\\[AZ]|\\g<|\(\?>|[*+?}]\+")


def varies_problems(entry: dict, where: str) -> list[str]:
    """Each ``varies`` of an entry: a pattern that reads the same in Python and JavaScript (both
    matchers apply it, utils/autograd_book/errormatch.py and book/_static/search/errormatch.js) and
    compiles, and an ``as`` that names only groups it has ($1)."""
    problems = []
    for i, rule in enumerate(entry.get("varies") or []):
        at = f"{where}: varies {i + 1}"
        if not isinstance(rule, dict) or set(rule) != {"pattern", "as"} or not all(isinstance(v, str) for v in rule.values()):
            problems.append(f"{at}: write {{pattern: REGEX, as: TEXT}}")
            continue
        try:
            groups = re.compile(rule["pattern"], re.ASCII).groups
        except re.error as err:
            problems.append(f"{at}: the pattern does not compile ({err})")
            continue
        if NOT_PORTABLE.search(rule["pattern"]):
            problems.append(f"{at}: the pattern uses syntax that JavaScript reads otherwise or not at all "
                            f"({NOT_PORTABLE.search(rule['pattern']).group(0)!r}); both matchers apply it")
        if any(int(n) > groups for n in re.findall(r"\$(\d)", rule["as"])):
            problems.append(f"{at}: 'as' names a group the pattern does not have ({rule['as']!r})")
    return problems
