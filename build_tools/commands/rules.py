"""Describe the rule language: questions, predicates, vocabulary, keys, parameters.

Lists the standard questions and their answers (label, tone, mark), every
predicate a condition may name (what it tests, the values it takes, the
facts of a query and the parameters it reads, as it declares them), the
combinators all/any/not, the meaning vocabulary's keys and values, the keys
of a rule and of a query, and the parameters a document declares (what each
means, its unit, an example, the predicates that read it). Read from the
registries and declarations the loader checks against, so it is never out
of date.

  handbook rules              a plain listing
  handbook rules --json       one JSON object (questions, predicates, vocabulary, parameters, ...)
  handbook rules --markdown   the README's reference block, to paste between its markers
"""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="print the description as one JSON object")
    form.add_argument("--markdown", action="store_true",
                      help="print the README's 'Writing rules' reference block")


def run(args: argparse.Namespace) -> int:
    # Imported here: every command's module loads when the parser is made.
    from build_tools.rules.reference import markdown, reference

    data = reference()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    if args.markdown:
        print(markdown(data), end="")
        return 0
    print("questions:")
    for q in data["questions"]:
        answers = ", ".join(a["answer"] for a in q["answers"]) or "any text"
        print(f"  {q['question']}: {q['text']} ({answers})")
    print("predicates:")
    for p in data["predicates"]:
        forms = f" [{', '.join(p['forms'])}]" if p["forms"] else ""
        reads = f" (reads {', '.join(p['facts'])}" + (f"; parameters {', '.join(p['parameters'])}" if p["parameters"]
                                                      else "") + ")" if p["facts"] or p["parameters"] else ""
        print(f"  {p['name']}{forms}: {p['doc'].replace('``', '')}{reads}")
    print("combinators: " + ", ".join(c["name"] for c in data["combinators"]))
    vocabulary = data["vocabulary"]
    print("vocabulary keys: " + ", ".join(vocabulary["keys"]))
    for key in ("forcing", "strength", "convention", "lead"):
        print(f"  {key}: {', '.join(vocabulary[key])}")
    print(f"  shape: {', '.join(vocabulary['shape'])}, or a pattern such as 5m422")
    print("rule keys: " + ", ".join(data["rule-keys"]))
    print("query keys: " + ", ".join(data["query-keys"]))
    print("facts a predicate reads: " + ", ".join(f["fact"] for f in data["facts"]))
    print("parameters:")
    for parameter in data["parameters"]:
        print(f"  {parameter['parameter']}: {parameter['means']} ({parameter['unit']}; e.g. {parameter['example']}); "
              f"read by {', '.join(parameter['read-by'])}")
    return 0
