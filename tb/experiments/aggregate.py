# SPDX-License-Identifier: Apache-2.0
"""Seed aggregation of drbsim results into the compact per-experiment JSON of docs/results.

A point is everything but the seed. Latency mean = mean of the seeds' means, spread = max - min of the
seeds' means, std dev = pooled over all measured packets, max = max over seeds. Accepted load is given
in flits/node/cycle (drbsim's unit, all N nodes) and in cycles/message per sending node (per channel
for the hot spot), the thesis' unit: 10-flit messages / (accepted flits per sender per cycle).
"""
import json
import math

# Time-series windows per study: (first cycle of the steady-state estimate, change cycle, end). The
# runs go 1000 cycles past the end: the last bins of a run see a network no longer being fed.
STEADY = {"startup": (10000, 0, 20000), "startup_25": (10000, 0, 20000), "change": (12500, 5000, 20000)}
TOLERANCE = 0.10  # convergence band around the steady state


def _mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def _pooled_sd(parts):
    """parts = [(n, mean, sd)] -> sample std dev of the union."""
    parts = [p for p in parts if p[0] > 0]
    n = sum(p[0] for p in parts)
    if n < 2:
        return None
    m = sum(p[0] * p[1] for p in parts) / n
    ss = sum((p[0] - 1) * p[2] ** 2 + p[0] * (p[1] - m) ** 2 for p in parts)
    return math.sqrt(ss / (n - 1))


def _channel_labels(cfg):
    chans = [c.strip().split("@")[0] for c in cfg.get("traffic.channels", "").split(",") if c.strip()]
    return {tuple(int(x) for x in c.split(">")): f"C{i + 1}" for i, c in enumerate(chans)}


def _summary(results, cfg, senders, nodes):
    lat = [r["latency"] for r in results]
    n_nodes = nodes(cfg)
    length = float(cfg.get("traffic.length", "10"))
    s = senders(cfg)
    acc = _mean([r["accepted_flits_per_node_cycle"] for r in results])
    off = _mean([r["offered_flits_per_node_cycle"] for r in results])
    means = [x["mean"] for x in lat]
    return dict(
        lat=_mean(means), lat_spread=max(means) - min(means), lat_sd=_pooled_sd([(x["count"], x["mean"], x["stddev"]) for x in lat]),
        lat_max=max(x["max"] for x in lat), lat_p99=_mean([x["p99"] for x in lat]),
        net=_mean([r["network_latency"]["mean"] for r in results]),
        acc_fnc=acc, off_fnc=off,
        acc_cpm=length * s / (acc * n_nodes) if acc else None,
        off_cpm=length * s / (off * n_nodes) if off else None,
        throughput_pct=100.0 * acc / off if off else None,
        rejected_pct=100.0 * _mean([r["rejection_rate"] for r in results]),
        hops=_mean([r["hops"]["mean"] for r in results]) if isinstance(results[0].get("hops"), dict) else None,
        packets=sum(x["count"] for x in lat), senders=s)


def _channels(results, cfg):
    """Per channel: latency (mean of seed means), max, packets, accepted cycles/message of the channel."""
    labels = _channel_labels(cfg)
    window = float(cfg["sim.measure"])
    acc = {}
    for r in results:
        for p in r.get("per_pair", []):
            key = labels.get((p["src"], p["dst"]))
            if key:
                acc.setdefault(key, []).append(p)
    out = {}
    for key in sorted(acc, key=lambda k: int(k[1:])):
        ps = acc[key]
        count = sum(p["count"] for p in ps)
        out[key] = dict(lat=_mean([p["mean"] for p in ps]), max=max(p["max"] for p in ps), count=count,
                        acc_cpm=window * len(ps) / count if count else None)
    return out


def _heatmap(results, n):
    """Per node, seed-averaged: mean over its outgoing network links of mean_wait (the thesis' surface)
    and the utilization of its busiest outgoing link (where the hot links are)."""
    wait, util = [0.0] * n, [0.0] * n
    for r in results:
        per = {}
        for ln in r["links"]:
            per.setdefault(ln["router"], []).append(ln)
        for node, links in per.items():
            wait[node] += sum(x["mean_wait"] for x in links) / len(links) / len(results)
            util[node] += max(x["utilization"] for x in links) / len(results)
    return dict(mean_wait=wait, max_utilization=util)


def _series(results):
    bins = {}
    for r in results:
        for b in r.get("time_series", []):
            bins.setdefault(b["start"], []).append(b)
    out = []
    for start in sorted(bins):
        bs = bins[start]
        n = sum(b["count"] for b in bs)
        mean = sum(b["count"] * b["mean"] for b in bs) / n if n else None
        out.append(dict(t=start, mean=mean, sd=_pooled_sd([(b["count"], b["mean"], b["stddev"]) for b in bs]),
                        count=n / len(results)))
    return out


def convergence(series, study):
    """(steady mean, cycles from the change to the first bin after which every bin stays within the band,
    cycles to the first bin within the band)."""
    steady_from, change, end = STEADY[study]
    bins = [b for b in series if b["t"] < end and b["mean"] is not None]
    tail = [b for b in bins if b["t"] >= steady_from]
    total = sum(b["count"] for b in tail)
    steady = sum(b["count"] * b["mean"] for b in tail) / total if total else None
    if steady is None:
        return None, None, None
    after = [b for b in bins if b["t"] >= change]
    first = next((b["t"] - change for b in after if abs(b["mean"] - steady) <= TOLERANCE * steady), None)
    conv = None
    for b in reversed(after):
        if abs(b["mean"] - steady) > TOLERANCE * steady:
            break
        conv = b["t"] - change
    if conv is not None and conv + change >= steady_from:
        conv = None  # it only settled inside the window that defines the steady state: not converged
    return steady, conv, first


def _sizes_over_time(results, cfg, times):
    """Mean metapath size of the named channels (C1..) at each time, over channels and seeds."""
    labels = _channel_labels(cfg)
    hists = [c["size_history"] for r in results for c in r["drb"]["channels"] if (c["src"], c["dst"]) in labels]
    out = []
    for t in times:
        tot = 0
        for h in hists:
            size = 1
            for when, sz in h:
                if when > t:
                    break
                size = sz
            tot += size
        out.append(tot / len(hists) if hists else None)
    return out


def _drb(results, cfg, keep_history):
    acks = {}
    for r in results:
        for k, v in r["drb"]["acks"].items():
            acks[k] = acks.get(k, 0) + v / len(results)
    out = dict(acks=acks, resizes=_mean([r["drb"]["resizes"] for r in results]),
               delivered=_mean([r["messages_delivered_total"] for r in results]),
               end=int(cfg["sim.warmup"]) + int(cfg["sim.measure"]))
    dist = {}
    for r in results:
        for k, v in r["drb"]["final_size_distribution"].items():
            dist[k] = dist.get(k, 0) + v / len(results)
    out["final_sizes"] = dist
    labels = _channel_labels(cfg)
    if labels:
        chans = {}
        for i, r in enumerate(results):
            for c in r["drb"]["channels"]:
                key = labels.get((c["src"], c["dst"]))
                if not key:
                    continue
                e = chans.setdefault(key, dict(resizes=0, acks=0, early_acks=0, size_final=0, msps={}))
                for f in ("resizes", "acks", "early_acks"):
                    e[f] += c[f] / len(results)
                e["size_final"] += c["size"] / len(results)
                for m in c["msps"]:
                    via = "static" if not m["via"] else "via " + "+".join(map(str, m["via"]))
                    e["msps"][via] = e["msps"].get(via, 0) + m["packets"] / len(results)
                if keep_history and i == 0:
                    e["size_history"] = c["size_history"]
        out["channels"] = dict(sorted(chans.items(), key=lambda kv: int(kv[0][1:])))
    sizes = {}
    for r in results:
        for b in r["drb"].get("size_series", []):
            sizes.setdefault(b["start"], []).append(b["mean_size"])
    if sizes:
        out["size_series"] = [[t, _mean(v)] for t, v in sorted(sizes.items())]
    return out


def aggregate(name, exp, results, senders, nodes):
    groups = {}
    for run, res in results:
        key = json.dumps(run["ident"], sort_keys=True)
        g = groups.setdefault(key, dict(ident=run["ident"], cfg=run["cfg"], ok=[], failed=0))
        if res is None:
            g["failed"] += 1
        else:
            g["ok"].append((run["seed"], res))
    points = []
    for g in groups.values():
        pt = dict(g["ident"])
        pt["seeds"] = len(g["ok"])
        if g["failed"]:
            pt["failed"] = g["failed"]
        if not g["ok"]:
            points.append(pt)
            continue
        res = [r for _, r in sorted(g["ok"], key=lambda x: x[0])]
        cfg = g["cfg"]
        pt.update(_summary(res, cfg, senders, nodes))
        if cfg.get("traffic.pattern") == "channels" and "per_pair" in res[0]:
            pt["channels"] = _channels(res, cfg)
        if exp.heatmap_at is not None and pt["interval"] == exp.heatmap_at and "links" in res[0]:
            pt["heatmap"] = _heatmap(res, nodes(cfg))
        if "time_series" in res[0] and pt["study"] in STEADY:
            pt["series"] = [b for b in _series(res) if b["t"] < STEADY[pt["study"]][2]]
            if "drb" in res[0]:  # metapath size of the hot-spot channels at the end of each bin
                sizes = _sizes_over_time(res, cfg, [b["t"] + 99 for b in pt["series"]])
                for b, sz in zip(pt["series"], sizes):
                    b["size"] = sz
            pt["steady"], pt["convergence"], pt["first_in_band"] = convergence(pt["series"], pt["study"])
        if "drb" in res[0] and name == "observability":
            pt["drb"] = _drb(res, cfg, exp.history and pt["interval"] in exp.history)
        elif "drb" in res[0]:
            pt["acks"] = {k: _mean([r["drb"]["acks"][k] for r in res]) for k in res[0]["drb"]["acks"]}
        points.append(pt)
    seeds = max((p["seeds"] for p in points), default=0)
    return dict(experiment=name, title=exp.title, seeds=seeds, points=points)


def _round(x):
    if isinstance(x, float):
        if x == 0 or not math.isfinite(x):
            return x
        return float(f"{x:.4g}") if abs(x) < 1e5 else round(x)
    if isinstance(x, dict):
        return {k: _round(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_round(v) for v in x]
    return x


def dumps(doc):
    """Compact JSON, one point per line."""
    head = {k: v for k, v in doc.items() if k != "points"}
    lines = ["{" + json.dumps(_round(head), separators=(",", ":"))[1:-1] + ',"points":[']
    pts = [json.dumps(_round(p), separators=(",", ":")) for p in doc["points"]]
    return "\n".join(lines) + "\n" + ",\n".join(pts) + "\n]}\n"


def sittings_of(doc):
    """A results document's sittings: its own list, or the whole run that wrote it as one sitting."""
    if "sittings" in doc:
        return doc["sittings"]
    cases = list(dict.fromkeys(p["case"] for p in doc["points"]))
    return [{"cases": cases, **doc["timing"], "jobs": doc["scale"]["jobs"], "drbsim_sha256": doc.get("drbsim_sha256")}]


def merge_cases(prev, doc, chosen, order):
    """A sitting that ran only the cases `chosen` (run_experiments.py --cases) merged into the results of
    earlier sittings `prev` (None: none), so that a thesis-scale experiment too long for one sitting is
    kept, case by case, in its committed results.json. The points of the chosen cases are this sitting's;
    the other cases' points stay as they were. `order` is the experiment's case order, which the points
    follow. Each sitting keeps its timing; `timing` is their sum and `missing_cases` names what is still
    to run."""
    chosen = set(chosen)
    sittings = []
    points = list(doc["points"])
    if prev:
        points += [p for p in prev["points"] if p["case"] not in chosen]
        for s in sittings_of(prev):
            rest = [c for c in s["cases"] if c not in chosen]
            if rest:
                sittings.append({**s, "cases": rest})
    sittings.append({"cases": [c for c in order if c in chosen], **doc["timing"],
                     "jobs": doc["scale"]["jobs"], "drbsim_sha256": doc["drbsim_sha256"]})
    rank = {c: i for i, c in enumerate(order)}
    points.sort(key=lambda p: rank[p["case"]])  # stable: each case keeps its own point order
    present = {p["case"] for p in points}
    out = {k: v for k, v in doc.items() if k != "points"}
    out["timing"] = {k: round(sum(s[k] for s in sittings), 1) if k.endswith("_seconds")
                     else sum(s[k] for s in sittings) for k in doc["timing"]}
    out["sittings"] = sittings
    out["missing_cases"] = [c for c in order if c not in present]
    out["seeds"] = max((p["seeds"] for p in points), default=0)
    out["points"] = points
    return out
