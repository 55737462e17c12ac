"""Write an evaluation result as JSON, a markdown table and a PNG of the trade-off curves."""

from __future__ import annotations

import json
from pathlib import Path

from .run import LABELS, QS_LEVELS, Result

# Ratios the paper's Table 1 reports: PRISM* over each baseline.
RATIOS = (("star", "nodecode"), ("star", "pup"))


def _fmt(x: float | None, digits: int = 3) -> str:
    return "n/a" if x is None else f"{x:.{digits}f}"


def ratios(summary: dict[str, dict]) -> dict[str, dict]:
    """{"PRISM*/NoDecode": {"aupqc": ..., "qs@0.5": ...}, ...}; None where a side is undefined."""
    out = {}
    for a, b in RATIOS:
        if a in summary and b in summary:
            row = {}
            for key in summary[a]:
                x, y = summary[a][key], summary[b][key]
                row[key] = None if x is None or y is None or y == 0 else x / y
            out[f"{LABELS[a]}/{LABELS[b]}"] = row
    return out


def to_json(result: Result) -> dict:
    data = result.to_json()
    data["ratios"] = ratios(data["summary"])
    return data


def to_markdown(result: Result, plot_name: str | None = None) -> str:
    s = result.settings
    summary = result.summary()
    keys = ["aupqc", *(f"qs@{p}" for p in QS_LEVELS)]
    lines = ["## Settings", ""]
    lines += [f"- {k}: {v}" for k, v in s.items()]
    lines += ["", "## Evaluator on this data (accuracy)", "", "| story given to the evaluator | accuracy |", "|---|---|"]
    names = {"original": "original English story", "question_only": "empty story (questions only)",
             "round_trip": f"English -> {s.get('target', '?')} -> English round trip"}
    lines += [f"| {names.get(k, k)} | {_fmt(v)} |" for k, v in result.references.items()]
    lines += ["", "## Summary", "", "| method | AUPQC | " + " | ".join(f"QS@{p}" for p in QS_LEVELS) + " |",
              "|---|---|" + "---|" * len(QS_LEVELS)]
    for method, row in summary.items():
        lines.append(f"| {LABELS[method]} | " + " | ".join(_fmt(row[k]) for k in keys) + " |")
    rat = ratios(summary)
    if rat:
        lines += ["", "| ratio | AUPQC | " + " | ".join(f"QS@{p}" for p in QS_LEVELS) + " |",
                  "|---|---|" + "---|" * len(QS_LEVELS)]
        lines += [f"| {name} | " + " | ".join(_fmt(row[k], 2) for k in keys) + " |" for name, row in rat.items()]
    if plot_name:
        lines += ["", f"![privacy-quality trade-off]({plot_name})"]
    lines += ["", "## All points", "", "| method | r or epsilon | words replaced | PPS | QS |", "|---|---|---|---|---|"]
    lines += [f"| {LABELS[p.method]} | {p.param:.4g} | {p.replaced:.3f} | {p.pps:.3f} | {p.qs:.3f} |"
              for p in result.points]
    t = result.timing
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
    for method in dict.fromkeys(p.method for p in result.points):
        pts = sorted(result.curve(method))
        xs, ys = zip(*pts)
        ax.plot(xs, ys, styles.get(method, "o-"), label=LABELS[method], markersize=12 if method == "plaintext" else 4)
    q_only = result.references.get("question_only")
    if q_only is not None:
        ax.axhline(q_only, color="grey", lw=0.8, ls="--", label="questions only")
    s = result.settings
    ax.set_xlabel("privacy-preservation score (1 - accuracy on x_pub)")
    ax.set_ylabel("quality score (accuracy on y_pri, read in English)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower left", fontsize=8)
    ax.set_title(f"{s.get('data', '')} | {s.get('translator', '')} en->{s.get('target', '')} | "
                 f"evaluator {s.get('evaluator', '')}\ndictionary {s.get('dictionary', '')} | seed {s.get('seed', '')}",
                 fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write(result: Result, out_dir: str | Path, stem: str = "evaluation") -> dict[str, Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"json": out / f"{stem}.json", "markdown": out / f"{stem}.md", "plot": out / f"{stem}.png"}
    paths["json"].write_text(json.dumps(to_json(result), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    plot(result, paths["plot"])
    paths["markdown"].write_text(to_markdown(result, paths["plot"].name), encoding="utf-8")
    return paths
