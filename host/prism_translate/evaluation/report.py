"""Write an evaluation result as JSON, a markdown table and a PNG of the trade-off curves."""

from __future__ import annotations

import json
from pathlib import Path

from .run import LABELS, Result
from .summary import QS_LEVELS, T_LEVELS

SUMMARY_COLUMNS = (("aupqc", "AUPQC"), *((f"qs@{p}", f"QS@{p}") for p in QS_LEVELS), ("area_above", "area above"),
                   *((f"qs@t{t}", f"QS/QS_rt @ t={t}") for t in T_LEVELS), ("max_t", "max t"))
RATIO_COLUMNS = (("aupqc", "AUPQC"), ("area_above", "area above"), ("qs@0.5", "QS@0.5"), ("qs@t0.95", "QS@t=0.95"))


def _fmt(x: float | None, digits: int = 3) -> str:
    return "n/a" if x is None else f"{x:.{digits}f}"


def _with_ci(value: float | None, ci: dict | None, digits: int) -> str:
    text = _fmt(value, digits)
    if value is None or not ci or not ci.get("ci"):
        return text
    lo, hi = ci["ci"]
    note = "" if ci["defined"] >= 0.995 else f", {ci['defined']:.0%} of resamples"
    return f"{text} [{lo:.{digits}f}, {hi:.{digits}f}{note}]"


def _other(settings: dict) -> str:
    """The language the stories went through: the target, or in the reading direction the
    source the English stories were rendered into."""
    source = settings.get("source", "en")
    return settings.get("target", "?") if source == "en" else source


def to_markdown(data: dict, plot_name: str | None = None) -> str:
    s = data["settings"]
    summary, rat, ci = data["summary"], data["ratios"], data.get("intervals") or {}
    lines = ["## Settings", ""]
    lines += [f"- {k}: {v}" for k, v in s.items()]
    lines += ["", "## Evaluator on this data (accuracy)", "", "| story given to the evaluator | accuracy |", "|---|---|"]
    names = {"original": "original English story (t = 0)", "question_only": "empty story, questions only (t = 1)",
             "round_trip": f"English -> {_other(s)} -> English round trip (QS_rt)"}
    lines += [f"| {names.get(k, k)} | {_fmt(v)} |" for k, v in data["references"].items()]
    interval_note = (f" Brackets: {ci['level']:.0%} bootstrap intervals over stories ({ci['samples']} resamples)."
                     if ci else "")
    lines += ["", "## Summary", "",
              "t = (PPS - plaintext's PPS) / (question-only PPS - plaintext's PPS); 'area above' is the area under "
              "(t, QS/QS_rt) from t = 0 to 1, the part of AUPQC above the plaintext's rectangle." + interval_note, ""]
    lines += ["| method | " + " | ".join(h for _, h in SUMMARY_COLUMNS) + " |", "|---|" + "---|" * len(SUMMARY_COLUMNS)]
    for method, row in summary.items():
        cis = ci.get("summary", {}).get(method, {})
        lines.append(f"| {LABELS[method]} | " + " | ".join(
            _with_ci(row.get(k), cis.get(k), 3) for k, _ in SUMMARY_COLUMNS) + " |")
    if rat:
        lines += ["", "| ratio | " + " | ".join(h for _, h in RATIO_COLUMNS) + " |", "|---|" + "---|" * len(RATIO_COLUMNS)]
        for name, row in rat.items():
            cis = ci.get("ratios", {}).get(name, {})
            lines.append(f"| {name} | " + " | ".join(_with_ci(row.get(k), cis.get(k), 2) for k, _ in RATIO_COLUMNS) + " |")
    if plot_name:
        lines += ["", f"![privacy-quality trade-off]({plot_name})"]
    scale = data.get("scale")
    lines += ["", "## All points", "", "| method | r or epsilon | words replaced | PPS | t | QS | QS/QS_rt |",
              "|---|---|---|---|---|---|---|"]
    for p in data["points"]:
        t = (p["pps"] - scale["plain_pps"]) / (scale["floor_pps"] - scale["plain_pps"]) if scale else None
        rel = p["qs"] / scale["round_trip_qs"] if scale else None
        lines.append(f"| {LABELS[p['method']]} | {p['param']:.4g} | {p['replaced']:.3f} | {p['pps']:.3f} | {_fmt(t)} "
                     f"| {p['qs']:.3f} | {_fmt(rel)} |")
    t = data.get("timing")
    if t:
        phases = ", ".join(f"{k} {v} s" for k, v in t.get("cpu_s_by_phase", {}).items())
        lines += ["", f"Time: {t.get('total_wall_s')} s wall, {t.get('total_cpu_s')} s CPU (this process and its "
                  f"Apertium children; {phases}); cache {t.get('cache')}."]
    return "\n".join(lines) + "\n"


def plot(result: Result, path: str | Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display on a server or in CI
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 5), dpi=120)
    styles = {"star": "o-", "r": "s-", "mix": "^-", "nodecode": "v--", "pup": "d:", "plaintext": "*"}
    for method in result.methods():
        pts = sorted(result.curve(method))
        xs, ys = zip(*pts)
        ax.plot(xs, ys, styles.get(method, "o-"), label=LABELS[method], markersize=12 if method == "plaintext" else 4)
    scale = result.scale()
    if scale is not None:
        ax.axvline(scale.floor_pps, color="grey", lw=0.8, ls="--", label="question-only level (t = 1)")
        ax.axhline(0.9 * scale.round_trip_qs, color="grey", lw=0.8, ls=":", label="0.9 x round trip's QS")
    s = result.settings
    ax.set_xlabel("privacy-preservation score (1 - accuracy on x_pub)")
    ax.set_ylabel("quality score (accuracy on y_pri, read in English)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower left", fontsize=8)
    ax.set_title(f"{s.get('data', '')} | {s.get('translator', '')} {s.get('source', 'en')}->{s.get('target', '')} | "
                 f"evaluator {s.get('evaluator', '')}\ndictionary {s.get('dictionary', '')} | seed {s.get('seed', '')} | "
                 f"entity protection {s.get('entity protection', '')}", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write(result: Result, out_dir: str | Path, stem: str = "evaluation") -> dict[str, Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"json": out / f"{stem}.json", "markdown": out / f"{stem}.md", "plot": out / f"{stem}.png"}
    data = result.to_json()
    paths["json"].write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    plot(result, paths["plot"])
    paths["markdown"].write_text(to_markdown(data, paths["plot"].name), encoding="utf-8")
    return paths
