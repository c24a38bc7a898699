# SPDX-License-Identifier: Apache-2.0
"""Markdown tables of an experiment's aggregated results (docs/results/<experiment>/tables.md)."""

METHOD = {"dor": "static", "adaptive": "adaptive", "drb": "DRB", "drb2": "DRB2", "valiant": "Valiant"}
PATTERN = {"butterfly": "butterfly", "bitrev": "bit-reversal", "shuffle": "perfect shuffle",
           "transpose": "matrix transpose", "channels": "hot spot"}


def fmt(x, nd=1):
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{nd}f}"
    return str(x)


def series_label(pt, varying):
    """Name of the series a point belongs to, from the descriptors that vary in its group."""
    parts = []
    if "method" in varying or not varying:
        parts.append(METHOD.get(pt["method"], pt["method"]))
    if "supernode" in varying and pt["method"].startswith("drb"):
        parts.append(pt["supernode"])
    if "queue_wait" in varying and pt["queue_wait"]:
        parts.append("source wait counted")
    if "ack_mode" in varying:
        parts.append(pt["ack_mode"].replace("_", "-"))
    if "ack_delay" in varying and (pt["ack_delay"] or "method" not in varying):
        parts.append(f"delay {pt['ack_delay']}")
    if "vcs" in varying:
        parts.append(f"{pt['vcs']} VCs")
    return ", ".join(parts)


def groups(doc, keys=("study", "case", "pattern")):
    """{(study, case, pattern): {series label: [points by decreasing interval]}} in first-seen order."""
    out = {}
    for p in doc["points"]:
        out.setdefault(tuple(p[k] for k in keys), []).append(p)
    res = {}
    for gk, pts in out.items():
        varying = {d for d in ("method", "supernode", "queue_wait", "ack_mode", "ack_delay", "vcs")
                   if len({p.get(d) for p in pts}) > 1}
        ser = {}
        for p in pts:
            ser.setdefault(series_label(p, varying), []).append(p)
        for v in ser.values():
            v.sort(key=lambda p: -p["interval"])
        res[gk] = ser
    return res


def group_title(gk):
    study, case, pattern = gk
    bits = [b for b in (case, PATTERN.get(pattern, pattern)) if b]
    if study not in ("main", "modes") and study != PATTERN.get(pattern, pattern):
        bits.append({"early": "DRB vs DRB2", "delay": "ack delay", "startup": "start-up",
                     "startup_25": "start-up at 25 c/m", "change": "pattern change", "supernodes": "DRB supernodes"}.get(study, study))
    return ", ".join(bits)


def steady_table(doc):
    lines = []
    for gk, ser in groups(doc).items():
        lines += [f"### {group_title(gk)}", "",
                  "| series | applied c/m | accepted c/m | accepted f/n/c | throughput % | latency | spread | std dev | max | p99 |",
                  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for label, pts in ser.items():
            for p in pts:
                if "lat" not in p:
                    lines.append(f"| {label} | {fmt(p['interval'], 0)} | failed | | | | | | | |")
                    continue
                lines.append(
                    f"| {label} | {fmt(p['interval'], 0)} | {fmt(p['acc_cpm'])} | {fmt(p['acc_fnc'], 4)} | "
                    f"{fmt(p['throughput_pct'])} | {fmt(p['lat'])} | {fmt(p['lat_spread'])} | {fmt(p['lat_sd'])} | "
                    f"{p['lat_max']} | {fmt(p['lat_p99'], 0)} |")
        lines.append("")
    return lines


def channel_table(doc):
    lines = ["## Per-channel mean latency (cycles)", ""]
    for gk, ser in groups(doc).items():
        chans = sorted({c for pts in ser.values() for p in pts for c in p.get("channels", {})}, key=lambda c: int(c[1:]))
        if not chans:
            continue
        lines += [f"### {group_title(gk)}", "", "| series | interval | " + " | ".join(chans) + " |",
                  "|---|---:|" + "---:|" * len(chans)]
        for label, pts in ser.items():
            for p in pts:
                ch = p.get("channels", {})
                lines.append(f"| {label} | {fmt(p['interval'], 0)} | " +
                             " | ".join(fmt(ch.get(c, {}).get("lat")) for c in chans) + " |")
        lines.append("")
    return lines


def transient_table(doc):
    lines = ["## Transients: steady state and convergence", "",
             "Convergence: cycles from the start (or the pattern change) to the first 100-cycle bin after which "
             "every bin's mean latency stays within +-10% of the steady state (cycles 10000-20000; pattern change: "
             "12500-20000); 'none' when that only happens inside the steady-state window.", "",
             "| study | series | mean latency, first 6000 cycles | peak bin | steady state | first bin within +-10% | convergence (cycles) |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for gk, ser in groups(doc).items():
        for label, pts in ser.items():
            for p in pts:
                if "series" not in p:
                    continue
                start = 5000 if gk[0] == "change" else 0
                win = [b for b in p["series"] if start <= b["t"] < start + 6000 and b["mean"] is not None]
                n = sum(b["count"] for b in win)
                first = sum(b["count"] * b["mean"] for b in win) / n if n else None
                peak = max((b["mean"] for b in win), default=None)
                conv = p.get("convergence")
                lines.append(f"| {gk[0]} | {label} | {fmt(first)} | {fmt(peak)} | {fmt(p.get('steady'))} | "
                             f"{fmt(p.get('first_in_band'))} | "
                             f"{'none' if conv is None else conv} |")
    return lines + [""]


def drb_table(doc):
    lines = ["## DRB state", "",
             "Acks per run (seed mean): final acks sent, early acks sent / used / dropped, ack bytes; "
             "metapath resizes; final metapath size per channel.", "",
             "| series | interval | acks | early sent | early used | early dropped | ack bytes | resizes | final size C1..C6 |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for gk, ser in groups(doc).items():
        for label, pts in ser.items():
            for p in pts:
                d = p.get("drb")
                if not d:
                    continue
                a = d["acks"]
                sizes = " ".join(fmt(c["size_final"]) for c in d.get("channels", {}).values())
                lines.append(f"| {label} | {fmt(p['interval'], 0)} | {fmt(a['sent_final'], 0)} | {fmt(a['sent_early'], 0)} | "
                             f"{fmt(a['early_used'], 0)} | {fmt(a['early_dropped'], 0)} | {fmt(a['bytes'], 0)} | "
                             f"{fmt(d['resizes'])} | {sizes} |")
    lines += ["", "MSP use (share of the channel's packets per MSP, seed mean):", "",
              "| series | interval | channel | MSPs (share %) |", "|---|---:|---|---|"]
    for gk, ser in groups(doc).items():
        for label, pts in ser.items():
            for p in pts:
                for cname, c in p.get("drb", {}).get("channels", {}).items():
                    tot = sum(c["msps"].values()) or 1
                    if len(c["msps"]) < 2:
                        continue
                    use = ", ".join(f"{k} {100 * v / tot:.0f}" for k, v in c["msps"].items())
                    lines.append(f"| {label} | {fmt(p['interval'], 0)} | {cname} | {use} |")
    return lines + [""]


def scalability_table(doc):
    """Per pattern and load: every network's normalised accepted load and latency, static and DRB side by side."""
    lines = ["## Normalised to the bisection", "",
             "Load as a fraction of the bisection's capacity 2B/N flits/node/cycle (B: bisection channels, both "
             "directions). Columns per network: accepted load / capacity, mean latency (static | DRB).", ""]
    nets = list(dict.fromkeys(p["case"] for p in doc["points"]))
    cut = {p["case"]: (p.get("bisection_channels"), p.get("capacity_fnc")) for p in doc["points"]}
    lines += ["| network | bisection channels (one direction) | 2B/N (f/n/c) | hot-spot channels |", "|---|---:|---:|---|"]
    for n in nets:
        chans = next((p["channels_list"] for p in doc["points"] if p["case"] == n and "channels_list" in p), "")
        lines.append(f"| {n} | {cut[n][0]} | {fmt(cut[n][1], 3)} | {chans} |")
    lines.append("")
    for study in dict.fromkeys(p["study"] for p in doc["points"]):
        lines += [f"### {study}", "", "| c/m | " + " | ".join(nets) + " |", "|---:|" + "---|" * len(nets)]
        for iv in sorted({p["interval"] for p in doc["points"]}, reverse=True):
            row = [fmt(iv, 0)]
            for n in nets:
                cell = []
                for m in ("dor", "drb"):
                    p = next((q for q in doc["points"] if q["study"] == study and q["case"] == n and q["method"] == m
                              and q["interval"] == iv), None)
                    cell.append(f"{fmt(p.get('acc_norm'), 4)} / {fmt(p.get('lat'))}" if p and "lat" in p else "-")
                row.append(" \\| ".join(cell))
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
    return lines


def vc_control_table(doc):
    """Per network, pattern and load: DRB's mean latency against static routing's with the same 8 VCs and with
    DRB's VCs per class (4 VCs), in per cent; the second is what DRB's routing gains."""
    loads = sorted({p["interval"] for p in doc["points"]}, reverse=True)
    lines = ["## DRB against both static routings", "",
             "Per load (c/m): DRB's mean latency relative to static with 8 VCs / to static with 4 VCs (DRB's VCs per "
             "class), in per cent (negative: DRB lower). Throughput: accepted load of static 8 / static 4 / DRB, "
             "f/n/c, at the highest load.", "",
             "| network, pattern | " + " | ".join(fmt(iv, 0) for iv in loads) + " | throughput at "
             f"{fmt(loads[-1], 0)} c/m |", "|---|" + "---:|" * (len(loads) + 1)]
    by = {(p["study"], p["case"], p["pattern"], p["method"], p.get("vcs"), p["interval"]): p for p in doc["points"]}
    for gk in groups(doc):
        def pt(method, vcs, iv):
            q = by.get(gk + (method, vcs, iv))
            return q if q and "lat" in q else None
        row = [group_title(gk)]
        for iv in loads:
            d, s8, s4 = pt("drb", 8, iv), pt("dor", 8, iv), pt("dor", 4, iv)
            row.append(" / ".join(f"{100 * (d['lat'] - s['lat']) / s['lat']:+.1f}" if d and s else "-" for s in (s8, s4)))
        row.append(" / ".join(fmt(q["acc_fnc"], 3) if q else "-" for q in
                              (pt("dor", 8, loads[-1]), pt("dor", 4, loads[-1]), pt("drb", 8, loads[-1]))))
        lines.append("| " + " | ".join(row) + " |")
    return lines + [""]


def render(name, doc):
    t = doc["timing"]
    if doc.get("sittings"):  # run case by case with --cases: the simulated time of each sitting
        timing = (f"{t['runs']} runs, {t['run_seconds']:.0f} s of simulation in sittings (`--cases`): " + "; ".join(
            f"{', '.join(s['cases'])}, {s['runs']} runs, {s['run_seconds']:.0f} s" for s in doc["sittings"]))
    else:
        jobs = doc["scale"]["jobs"]
        fresh = t["runs"] - t.get("cached", 0)
        # a sitting that completed a cached experiment: its wall time is for the runs it simulated
        part = f" for the {fresh} runs not in the cache" if 0 < fresh < t["runs"] else ""
        timing = (f"{t['runs']} runs, wall time {t['wall_seconds']:.0f} s with {jobs} job{'s' * (jobs != 1)}{part} "
                  f"({t['run_seconds']:.0f} s of simulation)")
    lines = [f"# {doc['title']}", "",
             f"Generated by `{doc['command']}`. Scale: {doc['scale']['name']}, {doc['seeds']} seeds per point, "
             f"{timing}.", "",
             "Units: c/m = cycles per message per sending node (per channel for the hot spot), f/n/c = flits per "
             "node per cycle over all nodes; latency in cycles from generation to the tail at the destination "
             "(source queue included), mean of the seeds' means; spread = max - min of the seeds' means; std dev "
             "pooled over every packet; max over all seeds.", ""]
    if doc.get("missing_cases"):
        lines += [f"**Partial:** {', '.join(doc['missing_cases'])} still to run "
                  f"(`{doc['command']} --cases NAME --reuse --out DIR`, DIR the folder above this one).", ""]
    if name == "transient":
        return "\n".join(lines + transient_table(doc))
    if name == "observability":
        return "\n".join(lines + drb_table(doc) + ["## Steady state", ""] + steady_table(doc))
    if name == "scalability":
        lines += scalability_table(doc)
    if name == "vc_control":
        lines += vc_control_table(doc)
    lines += steady_table(doc)
    if any("channels" in p for p in doc["points"]):
        lines += channel_table(doc)
    return "\n".join(lines)
