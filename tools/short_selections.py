"""How much of a short selection (a subject line, one question) PRISM* hides: the figures behind
the extension's short-selection rule (docs/extension.md "Short selections").

    python tools/short_selections.py [--draws 20] [--ratios 0.2 1.0]

For each source language with a shipped dictionary into the language read (es -> en, en -> es),
ten short test lines are encoded `--draws` times at each r, and the share of their content words
(nouns, verbs, adjectives, adverbs, names, numbers) that x_pub does not carry as written is
reported: the mean, the lowest, and how many draws sent more than half of them as written. The
last column counts the draws the helper refuses (E091) with `min_hidden` 2/3. Nothing is sent.
"""

from __future__ import annotations

import argparse
import statistics

from prism_translate import api
from prism_translate.dictionary.format import find_dictionary

MIN_HIDDEN = 2 / 3  # extension/background/handlers.js SHORT_MIN_HIDDEN
LINES = {
    ("es", "en"): ["Reunión del jueves con el cliente", "¿Puedes enviarme la factura?", "Cambio de fecha de la reunión",
                   "Nueva oferta de trabajo", "¿Cuándo llega el pedido?", "Recordatorio: pago pendiente",
                   "Gracias por tu ayuda", "¿Vienes a la cena mañana?", "Problema con el servidor",
                   "Confirmación de la reserva"],
    ("en", "es"): ["Meeting with the client on Thursday", "Can you send me the invoice?", "Change of meeting date",
                   "New job offer", "When does the order arrive?", "Reminder: payment overdue", "Thanks for your help",
                   "Are you coming to dinner tomorrow?", "Problem with the server", "Booking confirmation"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--draws", type=int, default=20)
    parser.add_argument("--ratios", type=float, nargs="+", default=[0.2, 1.0])
    args = parser.parse_args()
    print("pair   r     content hidden (mean)  lowest  draws with > half in clear  refused (E091)")
    for (source, target), lines in LINES.items():
        dictionary = find_dictionary(target, source)
        for ratio in args.ratios:
            shares = [api._hidden_share(api.scramble(line, dictionary, "star", ratio, seed=seed))
                      for line in lines for seed in range(args.draws)]
            shares = [s for s in shares if s is not None]
            n = len(shares)
            print(f"{source}-{target}  {ratio:<4}  {statistics.mean(shares):>20.0%}  {min(shares):>6.0%}"
                  f"  {sum(s < 0.5 for s in shares):>16} / {n}  {sum(s < MIN_HIDDEN - 1e-9 for s in shares):>8} / {n}")


if __name__ == "__main__":
    main()
