# SPDX-License-Identifier: Apache-2.0
"""Plots of the aggregated experiment results (PNG into docs/results/<experiment>/).

Load axes are in the thesis' unit, cycles per message per sending node (per channel for the hot spot),
reversed so that load grows to the right; error bars span the seeds' means (min..max).
"""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import matplotlib.ticker  # noqa: E402

from tables import METHOD, group_title, groups  # noqa: E402

COLORS = {"static": "tab:red", "adaptive": "tab:blue", "DRB": "tab:green", "DRB2": "tab:purple",
          "static, 8 VCs": "tab:red", "static, 4 VCs": "tab:orange", "DRB, 8 VCs": "tab:green",
          "DRB, source wait counted": "tab:olive",
          "ideal": "tab:green", "in-network": "tab:orange", "high-priority": "tab:blue"}
OTHERS = ["tab:green", "tab:olive", "tab:cyan", "tab:purple", "tab:brown", "tab:pink", "tab:orange", "tab:gray"]
GRID = dict(alpha=0.3, which="both")


def _color(label, i):
    if "delay" in label:  # ack delays: one sequential scale, 0 to 20 cycles
        return plt.cm.viridis(int(label.rsplit(" ", 1)[1]) / 24)
    return COLORS.get(label, OTHERS[i % len(OTHERS)])


def _curve(ax, ser, y="lat", x="acc_cpm", errors=True):
    for i, (label, pts) in enumerate(ser.items()):
        pts = [p for p in pts if p.get(y) is not None and p.get(x) is not None]
        if not pts:
            continue
        xs, ys = [p[x] for p in pts], [p[y] for p in pts]
        yerr = None
        if errors and y == "lat":
            yerr = [[p["lat_spread"] / 2 for p in pts], [p["lat_spread"] / 2 for p in pts]]
        ax.errorbar(xs, ys, yerr=yerr, marker="o", ms=3.5, lw=1.3, capsize=2, label=label, color=_color(label, i))


def _load_axis(ax, log=False, label="accepted load (cycles/message)"):
    if log:
        ax.set_xscale("log")
    ax.invert_xaxis()
    ax.set_xlabel(label)
    ax.grid(True, **GRID)


def plain_log_ticks(ax):
    """Log axes labelled in plain numbers (30, 200, 1000), with minor labels in the major labels' size (the
    default: 3x10^1 in a larger font) on a y axis of less than two decades and an x axis of less than one (the
    horizontal labels crowd sooner)."""
    for axis, scale, decades in ((ax.xaxis, ax.get_xscale(), 1), (ax.yaxis, ax.get_yscale(), 2)):
        if scale != "log":
            continue
        axis.set_major_formatter(matplotlib.ticker.LogFormatter())
        axis.set_minor_formatter(matplotlib.ticker.LogFormatter(labelOnlyBase=False,
                                                                minor_thresholds=(decades, 0.4)))
        major = axis.get_majorticklabels()
        if major:
            axis.set_tick_params(which="minor", labelsize=major[0].get_fontsize())


def _save(fig, path):
    for ax in fig.axes:
        plain_log_ticks(ax)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _panel_grid(doc, study, y, ylabel, path, title, cols=4, logy=True, x="acc_cpm", xlabel=None):
    gs = [(gk, ser) for gk, ser in groups(doc).items() if gk[0] == study]
    rows = (len(gs) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(3.6 * cols, 2.9 * rows), squeeze=False)
    for ax, (gk, ser) in zip(axes.flat, gs):
        _curve(ax, ser, y=y, x=x)
        if x == "off_cpm":
            lims = [p["off_cpm"] for s in ser.values() for p in s if p.get("off_cpm")]
            ax.plot([min(lims), max(lims)], [min(lims), max(lims)], ls=":", color="grey", lw=1)
        _load_axis(ax, label=xlabel or "accepted load (cycles/message)")
        ax.set_title(group_title(gk), fontsize=9)
        ax.set_ylabel(ylabel, fontsize=8)
        if logy:
            ax.set_yscale("log")
        ax.tick_params(labelsize=7)
    for ax in list(axes.flat)[len(gs):]:
        ax.axis("off")
    axes.flat[0].legend(fontsize=7)
    fig.suptitle(title, fontsize=11)
    _save(fig, path)


def _channel_groups(ax_pair, ser, log):
    """Mean latency of C1-C4 and of C5-C6 against their own accepted load."""
    for ax, names, title in zip(ax_pair, (("C1", "C2", "C3", "C4"), ("C5", "C6")),
                                ("C1-C4 (collide on the row-3 link)", "C5, C6 (no collision)")):
        for i, (label, pts) in enumerate(ser.items()):
            xs, ys = [], []
            for p in pts:
                ch = [p["channels"][c] for c in names if c in p.get("channels", {})]
                if ch and all(c["acc_cpm"] for c in ch):
                    xs.append(sum(c["acc_cpm"] for c in ch) / len(ch))
                    ys.append(sum(c["lat"] for c in ch) / len(ch))
            ax.plot(xs, ys, marker="o", ms=3.5, label=label, color=_color(label, i))
        _load_axis(ax, log=log, label="accepted load per channel (cycles/message)")
        ax.set_yscale("log")
        ax.set_ylabel("mean latency (cycles)")
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=8)


def plot_ch4(doc, out):
    (gk, ser), = groups(doc).items()
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.9))
    _channel_groups(axes[:2], ser, log=True)
    ax = axes[2]
    for i, (label, pts) in enumerate(ser.items()):
        for c, ls in (("C1", "-"), ("C2", "--"), ("C3", "-."), ("C4", ":")):
            ax.plot([p["interval"] for p in pts], [p["channels"][c]["lat"] for p in pts], ls=ls,
                    color=_color(label, i), label=f"{label} {c}", lw=1.2)
    _load_axis(ax, log=True, label="applied load per channel (cycles/message)")
    ax.set_yscale("log")
    ax.set_title("C1-C4 one by one", fontsize=10)
    ax.legend(fontsize=6, ncol=2)
    fig.suptitle("Chapter-4 hot spot on the 8x8 torus: static vs DRB", fontsize=11)
    _save(fig, out / "channels.png")


def plot_systematic(doc, out):
    t = "static vs adaptive vs DRB, 10-flit messages"
    _panel_grid(doc, "main", "lat", "mean latency (cycles)", out / "latency.png", "Mean latency, " + t)
    _panel_grid(doc, "main", "lat_sd", "latency std dev (cycles)", out / "stddev.png", "Latency std dev, " + t)
    _panel_grid(doc, "main", "lat_max", "max latency (cycles)", out / "max.png", "Maximum latency, " + t)
    _panel_grid(doc, "main", "acc_cpm", "accepted (cycles/message)", out / "accepted.png",
                "Accepted vs applied load (dotted: all accepted), " + t, logy=False, x="off_cpm",
                xlabel="applied load (cycles/message)")


def plot_packet_length(doc, out):
    t = "static vs adaptive vs DRB, 4x4 torus, 10/20/64-flit messages"
    _panel_grid(doc, "main", "lat", "mean latency (cycles)", out / "latency.png", "Mean latency, " + t)
    _panel_grid(doc, "main", "acc_cpm", "accepted (cycles/message)", out / "accepted.png",
                "Accepted vs applied load (dotted: all accepted), " + t, logy=False, x="off_cpm",
                xlabel="applied load (cycles/message)")


def _heatmaps(doc, out, interval):
    pts = [p for p in doc["points"] if p.get("heatmap") and p["interval"] == interval]
    if not pts:
        return
    fig, axes = plt.subplots(2, len(pts), figsize=(3.9 * len(pts), 7.0), squeeze=False)
    for row, (field, label) in enumerate((("mean_wait", "mean wait per link (cycles)"),
                                         ("max_utilization", "busiest link's utilization (flits/cycle)"))):
        vmax = max(max(p["heatmap"][field]) for p in pts) or 1
        for col, p in enumerate(pts):
            vals = p["heatmap"][field]
            k = int(round(len(vals) ** 0.5))
            # node id = digit-1 + 8 * letter index: rows are digits 1..8, columns letters A..H
            grid = [[vals[d + k * letter] for letter in range(k)] for d in range(k)]
            ax = axes[row][col]
            im = ax.imshow(grid, origin="lower", cmap="magma_r", vmin=0, vmax=vmax)
            ax.set_xticks(range(k), [chr(ord("A") + i) for i in range(k)])
            ax.set_yticks(range(k), [str(i + 1) for i in range(k)])
            name = METHOD.get(p["method"], p["method"]) + (" (source wait counted)" if p.get("queue_wait") else "")
            ax.set_title(f"{name}: {label.split(' (')[0]}", fontsize=8)
            for d in range(k):
                for letter in range(k):
                    v = grid[d][letter]
                    if v > 0.05 * vmax:
                        ax.text(letter, d, f"{v:.0f}" if field == "mean_wait" else f"{v:.2f}", ha="center",
                                va="center", fontsize=5.5, color="white" if v > 0.6 * vmax else "black")
        fig.colorbar(im, ax=list(axes[row]), shrink=0.8, label=label)
    fig.suptitle(f"Hot spot, 8x8 torus, {interval:g} cycles/message, per node: mean wait over its 4 outgoing links "
                 "(top), utilization of its busiest outgoing link (bottom)",
                 fontsize=10)
    fig.savefig(out / "heatmap.png", dpi=110)
    plt.close(fig)


def plot_hotspot(doc, out):
    (gk, ser), = groups(doc).items()
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.9))
    _curve(axes[0], ser, "lat")
    axes[0].set_ylabel("mean latency (cycles)")
    _curve(axes[1], ser, "lat_sd")
    axes[1].set_ylabel("latency std dev (cycles)")
    _curve(axes[2], ser, "acc_cpm", x="off_cpm")
    axes[2].set_ylabel("accepted (cycles/message)")
    for ax in axes[:2]:
        _load_axis(ax, label="accepted load per channel (cycles/message)")
        ax.set_yscale("log")
    _load_axis(axes[2], label="applied load per channel (cycles/message)")
    axes[2].invert_yaxis()
    axes[0].legend(fontsize=8)
    fig.suptitle("Hot spot on the 8x8 torus: static vs adaptive vs DRB", fontsize=11)
    _save(fig, out / "latency.png")
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.9))
    _channel_groups(axes, ser, log=False)
    _save(fig, out / "channels.png")
    _heatmaps(doc, out, 10)


def plot_acks(doc, out):
    _panel_grid(doc, "modes", "lat", "mean latency (cycles)", out / "modes_latency.png",
                "DRB with ideal, in-network and high-priority acks", cols=3)
    _panel_grid(doc, "modes", "lat_sd", "latency std dev (cycles)", out / "modes_stddev.png",
                "DRB with ideal, in-network and high-priority acks: std dev", cols=3)
    for study, name, title in (("early", "early.png", "Hot spot: DRB vs DRB2 (early acks)"),
                               ("delay", "delay.png", "Hot spot: DRB with ack delay 0-20 cycles")):
        gs = [ser for gk, ser in groups(doc).items() if gk[0] == study]
        if not gs:
            continue
        fig, axes = plt.subplots(1, 2, figsize=(9, 3.8))
        _curve(axes[0], gs[0], "lat")
        _curve(axes[1], gs[0], "lat_sd")
        for ax, yl in zip(axes, ("mean latency (cycles)", "latency std dev (cycles)")):
            _load_axis(ax, label="accepted load per channel (cycles/message)")
            ax.set_yscale("log")
            ax.set_ylabel(yl)
        axes[0].legend(fontsize=8)
        fig.suptitle(title, fontsize=11)
        _save(fig, out / name)


def _series_plot(ax, ser, field, t0, t1, offset=0):
    for i, (label, pts) in enumerate(ser.items()):
        for p in pts:
            bins = [b for b in p.get("series", []) if t0 <= b["t"] < t1 and b.get(field) is not None]
            ax.plot([b["t"] - offset for b in bins], [b[field] for b in bins], lw=1.1, label=label,
                    color=_color(label, i))
    ax.grid(True, **GRID)


def plot_transient(doc, out):
    gs = groups(doc)
    start = [ser for gk, ser in gs.items() if gk[0] == "startup"]
    start25 = [ser for gk, ser in gs.items() if gk[0] == "startup_25"]
    if start:
        ser = start[0]
        rows = [({k: v for k, v in ser.items() if "delay" not in k}, "10 cycles/message, methods"),
                ({(k if "delay" in k else "DRB, delay 0"): v for k, v in ser.items() if k.startswith("DRB,") or k == "DRB"},
                 "10 cycles/message, DRB ack delay")]
        if start25:
            rows.append((start25[0], "25 cycles/message, methods"))
        fig, axes = plt.subplots(len(rows), 3, figsize=(15, 3.4 * len(rows)), squeeze=False)
        for row, (subset, name) in enumerate(rows):
            _series_plot(axes[row][0], subset, "mean", 0, 6000)
            _series_plot(axes[row][1], subset, "sd", 0, 6000)
            _series_plot(axes[row][2], {k: v for k, v in subset.items() if k.startswith("DRB")}, "size", 0, 6000)
            axes[row][0].set_ylabel("mean latency (cycles)")
            axes[row][1].set_ylabel("latency std dev (cycles)")
            axes[row][2].set_ylabel("mean metapath size, C1-C6 (MSPs)")
            axes[row][0].set_title(f"start-up, {name}", fontsize=10)
            axes[row][0].legend(fontsize=7)
        for ax in axes.flat:
            ax.set_xlabel("generation cycle (100-cycle bins)")
        fig.suptitle(f"Hot spot, 8x8 torus, traffic from cycle 0 ({doc['seeds']} seeds averaged)", fontsize=11)
        _save(fig, out / "startup.png")
    change = [ser for gk, ser in gs.items() if gk[0] == "change"]
    if change:
        ser = change[0]
        fig, (ax, ax2) = plt.subplots(2, 1, figsize=(10, 6.4), sharex=True, gridspec_kw=dict(height_ratios=[2.2, 1]))
        _series_plot(ax, ser, "mean", 0, 20000)  # the last 1000 cycles are an artefact of the window end
        _series_plot(ax2, {k: v for k, v in ser.items() if k.startswith("DRB")}, "size", 0, 20000)
        ax2.axvline(5000, color="black", lw=1)
        ax2.set_ylabel("mean metapath size,\nhot-spot channels")
        ax2.set_xlabel("generation cycle (100-cycle bins); black line: transpose -> hot spot; dotted: convergence")
        ax2.legend(fontsize=7)
        for i, (label, pts) in enumerate(ser.items()):
            p = pts[0]
            if p.get("convergence") is not None:
                ax.axvline(5000 + p["convergence"], color=_color(label, i), ls=":", lw=1)
            if p.get("steady"):
                ax.axhline(p["steady"], color=_color(label, i), ls="--", lw=0.7, alpha=0.6)
        ax.axvline(5000, color="black", lw=1)
        ax.set_yscale("log")
        ax.set_ylabel("mean latency (cycles)")
        ax.legend(fontsize=8)
        ax.set_title(f"Pattern change on the 8x8 torus ({doc['seeds']} seeds averaged)", fontsize=11)
        _save(fig, out / "pattern_change.png")


def plot_observability(doc, out):
    pts = [p for p in doc["points"] if p.get("drb")]
    hist = [p for p in pts if p["method"] == "drb" and any("size_history" in c for c in p["drb"].get("channels", {}).values())]
    if hist:
        fig, axes = plt.subplots(1, len(hist), figsize=(4.3 * len(hist), 3.6), squeeze=False)
        for ax, p in zip(axes[0], sorted(hist, key=lambda p: p["interval"])):
            for i, (cname, c) in enumerate(p["drb"]["channels"].items()):
                h = c.get("size_history", [])
                if not h:
                    continue
                ts = [x[0] for x in h] + [p["drb"]["end"]]
                ss = [x[1] for x in h] + [h[-1][1]]
                ax.step(ts, [s + 0.04 * (i - 2.5) for s in ss], where="post", label=cname, lw=1)
            ax.set_xscale("symlog", linthresh=1000)
            ax.set_title(f"DRB, {p['interval']:g} cycles/message (seed 1)", fontsize=9)
            ax.set_xlabel("cycle")
            ax.set_ylabel("metapath size (MSPs)")
            ax.set_yticks([1, 2, 3])
            ax.grid(True, **GRID)
        axes[0][0].legend(fontsize=7)
        fig.suptitle("Metapath size per hot-spot channel (lines offset slightly to keep them apart)", fontsize=10)
        _save(fig, out / "size_history.png")
    drb = sorted([p for p in pts if p["method"] == "drb"], key=lambda p: -p["interval"])
    if drb:
        chans = ["C1", "C2", "C3", "C4"]
        fig, axes = plt.subplots(1, len(chans), figsize=(14, 3.4), sharey=True)
        for ax, cname in zip(axes, chans):
            labels = [f"{p['interval']:g}" for p in drb]
            msps = sorted({m for p in drb for m in p["drb"]["channels"].get(cname, {}).get("msps", {})},
                          key=lambda m: (m != "static", m))
            bottom = [0.0] * len(drb)
            for j, m in enumerate(msps):
                vals = []
                for p in drb:
                    c = p["drb"]["channels"].get(cname, {"msps": {}})
                    tot = sum(c["msps"].values()) or 1
                    vals.append(100 * c["msps"].get(m, 0) / tot)
                ax.bar(labels, vals, bottom=bottom, label=m, color=f"C{j}")
                bottom = [b + v for b, v in zip(bottom, vals)]
            ax.set_title(f"{cname}: packets per MSP (%)", fontsize=9)
            ax.set_xlabel("applied load (cycles/message)")
            ax.legend(fontsize=7)
        _save(fig, out / "msp_use.png")
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.6))
    for i, method in enumerate(("drb", "drb2")):
        ps = sorted([p for p in pts if p["method"] == method], key=lambda p: -p["interval"])
        if not ps:
            continue
        xs = [p["interval"] for p in ps]
        lab = {"drb": "DRB", "drb2": "DRB2"}[method]
        per = [p["drb"]["delivered"] for p in ps]
        axes[0].plot(xs, [p["drb"]["acks"]["bytes"] / n for p, n in zip(ps, per)], marker="o", label=lab,
                     color=_color(lab, i))
        axes[2].plot(xs, [p["drb"]["resizes"] for p in ps], marker="o", label=lab, color=_color(lab, i))
        if method == "drb2":
            for f, ls in (("sent_early", "-"), ("early_used", "--"), ("early_dropped", ":")):
                axes[1].plot(xs, [1000 * p["drb"]["acks"][f] / n for p, n in zip(ps, per)], ls=ls, marker=".",
                             label=f.replace("_", " "), color="tab:purple")
    axes[0].set_ylabel("ack bytes per delivered message")
    axes[1].set_ylabel("DRB2 early acks per 1000 messages")
    axes[2].set_ylabel("metapath resizes per run (all channels)")
    for ax in axes:
        _load_axis(ax, log=True, label="applied load per channel (cycles/message)")
        ax.legend(fontsize=7)
    fig.suptitle("Hot spot, 8x8 torus: DRB bookkeeping (seed mean; one final ack per delivered message)", fontsize=11)
    _save(fig, out / "acks.png")


def plot_drb_config(doc, out):
    _panel_grid(doc, "supernodes", "lat", "mean latency (cycles)", out / "latency.png",
                "8x8 torus: DRB with several supernode constructions, against static and adaptive")
    _panel_grid(doc, "supernodes", "acc_cpm", "accepted (cycles/message)", out / "accepted.png",
                "8x8 torus: accepted vs applied load (dotted: all accepted)", logy=False, x="off_cpm",
                xlabel="applied load (cycles/message)")


def plot_scalability(doc, out):
    """The thesis' Figs. 6-23..6-26: one panel per pattern and family, a colour per network, static solid and
    DRB dashed, latency against the accepted load normalised to the bisection."""
    panels = [("hot spot", "torus"), ("hot spot", "hypercube"), ("butterfly", "torus"), ("butterfly", "hypercube")]
    fig, axes = plt.subplots(1, 4, figsize=(16, 4.2))
    nets = sorted({p["case"] for p in doc["points"]}, key=lambda c: [p["case"] for p in doc["points"]].index(c))
    for ax, (study, family) in zip(axes, panels):
        for i, net in enumerate(n for n in nets if n.startswith(family)):
            for method, ls in (("dor", "-"), ("drb", "--")):
                pts = sorted((p for p in doc["points"] if p["study"] == study and p["case"] == net
                              and p["method"] == method and p.get("acc_norm") is not None), key=lambda p: -p["interval"])
                ax.plot([p["acc_norm"] for p in pts], [p["lat"] for p in pts], ls=ls, marker="o", ms=3,
                        color=OTHERS[i], label=f"{net.split(' ', 1)[1]} {METHOD[method]}")
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())  # 100, not 10^2
        ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.set_xlabel("accepted load / bisection capacity (2B/N)")
        ax.set_ylabel("mean latency (cycles)")
        ax.set_title(f"{study}, {'tori' if family == 'torus' else 'hypercubes'}", fontsize=10)
        ax.grid(True, **GRID)
        ax.legend(fontsize=7)
    fig.suptitle("Scalability: static (solid) vs DRB (dashed), load normalised to the bisection", fontsize=11)
    _save(fig, out / "latency.png")


def plot_vc_control(doc, out):
    tail = "static with 8 and 4 VCs, DRB with 8 (on top: where it hides orange, the two are equal)"
    _panel_grid(doc, "main", "lat", "mean latency (cycles)", out / "latency.png", "Permutations: " + tail)
    _panel_grid(doc, "hot spot", "lat", "mean latency (cycles)", out / "latency_hotspot.png", "Hot spots: " + tail)


def plot(name, doc, out):
    if name == "vc_split":
        return  # one load per point: the tables say it all
    {"drb_config": plot_drb_config, "ch4_example": plot_ch4, "systematic": plot_systematic, "packet_length": plot_packet_length, "router_change": plot_systematic, "router_change_hotspot": plot_hotspot, "router_change_acks": plot_acks, "hotspot": plot_hotspot, "acks": plot_acks,
     "transient": plot_transient, "observability": plot_observability, "scalability": plot_scalability,
     "vc_control": plot_vc_control}[name](doc, out)
