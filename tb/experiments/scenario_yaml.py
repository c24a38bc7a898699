# SPDX-License-Identifier: Apache-2.0
"""The subset of YAML our scenario files use, flattened the way drbsim flattens it.

Block maps, flow maps of scalars ({a: 1, b: "x"}), flow lists of scalars ([1, 2]), quoted or plain
scalars and comments. Nested maps become dotted keys; the top-level `sweep` map holds the swept lists.
drbsim reads the same files with a real YAML parser, so anything outside this subset fails loudly here.
"""


def _strip_comment(line):
    quote = None
    for i, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def _split_top(text):
    """Split on commas outside quotes and brackets."""
    parts, depth, quote, cur = [], 0, None, ""
    for c in text:
        if quote:
            quote = None if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        cur += c
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


def _scalar(v):
    v = v.strip()
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "\"'":
        return v[1:-1]
    if v[:1] in "[{|>&*!":
        raise ValueError(f"unsupported YAML value: {v}")
    return v


def _value(v):
    v = v.strip()
    if v.startswith("["):
        if not v.endswith("]"):
            raise ValueError(f"unsupported YAML list: {v}")
        return [_scalar(x) for x in _split_top(v[1:-1])]
    return _scalar(v)


def load_scenario(path):
    flat = {}
    stack = []  # (indent, dotted prefix) of the open block maps
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = _strip_comment(raw.rstrip("\n"))
            if not line.strip():
                continue
            indent = len(line) - len(line.lstrip())
            key, sep, val = line.strip().partition(":")
            if not sep or key.startswith("-"):
                raise ValueError(f"{path}:{n}: unsupported YAML line")
            while stack and stack[-1][0] >= indent:
                stack.pop()
            full = (stack[-1][1] + "." if stack else "") + key.strip()
            val = val.strip()
            if not val:
                stack.append((indent, full))
            elif val.startswith("{"):
                if not val.endswith("}"):
                    raise ValueError(f"{path}:{n}: flow maps must fit on one line")
                for item in _split_top(val[1:-1]):
                    k, _, v = item.partition(":")
                    flat[f"{full}.{k.strip()}"] = _value(v)
            else:
                flat[full] = _value(val)
    sweep = {k[6:]: v for k, v in flat.items() if k.startswith("sweep.")}
    base = {k: v for k, v in flat.items() if not k.startswith("sweep.")}
    for k, v in sweep.items():
        if not isinstance(v, list):
            raise ValueError(f"{path}: sweep.{k} must be a list")
    for k, v in base.items():
        if isinstance(v, list):
            base[k] = ",".join(v)
    return base, sweep
