# SPDX-License-Identifier: Apache-2.0
"""A scenario file flattened the way drbsim flattens it, read by PyYAML (Debian's python3-yaml).

Nested maps become dotted keys; the top-level `sweep` map holds the swept lists. Every scalar stays the
text the file gives (YAML's BaseLoader: `0.10` stays "0.10", `true` stays "true"), which is what drbsim's
key=value arguments take, so the runners pass values on exactly as written.
"""
import yaml


def load_scenario(path):
    """(base keys, sweep lists) of a scenario file: {dotted key: text}, {dotted key: [text, ...]}."""
    with open(path) as f:
        doc = yaml.load(f, Loader=yaml.BaseLoader) or {}
    if not isinstance(doc, dict):
        raise ValueError(f"{path}: a scenario file is a map of keys")
    flat = {}

    def walk(prefix, node):
        for k, v in node.items():
            key = f"{prefix}.{k}" if prefix else k
            if isinstance(v, dict):
                walk(key, v)
            elif isinstance(v, list) and not all(isinstance(x, str) for x in v):
                raise ValueError(f"{path}: {key} must be a list of values")
            else:
                flat[key] = v
    walk("", doc)
    sweep = {k[6:]: v for k, v in flat.items() if k.startswith("sweep.")}
    base = {k: v for k, v in flat.items() if not k.startswith("sweep.")}
    for k, v in sweep.items():
        if not isinstance(v, list):
            raise ValueError(f"{path}: sweep.{k} must be a list")
    for k, v in base.items():
        if isinstance(v, list):
            base[k] = ",".join(v)
    return base, sweep
