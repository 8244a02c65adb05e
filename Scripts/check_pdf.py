#!/usr/bin/env python3
"""Checks PDFs for PDF/UA-1 (and, with --pdfa, PDF/A-2a or 3a) with two independent checkers.

    python3 Scripts/check_pdf.py [--pdfa] FILE.pdf...

page-validation (`page.validate_pdf(path, profile="ua1")`, and with --pdfa profile "3a" for a file
whose XMP says PDF/A part 3 (one that carries its trip as an attachment), else "2a") and
outloud (its Python API, failing on error-level findings as `outloud --fail-on error` does) run
on each file. Each failure is one line, `FILE: checker rule: message`; the exit status is then 1.
With no failure one summary line is printed and the exit status is 0. A checker that is not
installed is an error (exit status 2), never a skip. Install both in a virtual environment:

    python3 -m venv /opt/pdf-check
    /opt/pdf-check/bin/python -m pip install page-validation==0.11.0 outloud==0.2.1
    /opt/pdf-check/bin/python Scripts/check_pdf.py --pdfa out.pdf
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter


def fail_setup(message: str) -> None:
    print(f"check_pdf: {message}", file=sys.stderr)
    sys.exit(2)


def one_line(text: object) -> str:
    return " ".join(str(text).split())


def load_checkers():
    missing = []
    try:
        import page  # page-validation
    except ImportError:
        page = None
        missing.append("page-validation")
    try:
        import outloud
    except ImportError:
        outloud = None
        missing.append("outloud")
    if missing:
        fail_setup(
            f"{' and '.join(missing)} not installed for {sys.executable}; "
            "install both in a virtual environment: python3 -m venv DIR && "
            "DIR/bin/python -m pip install page-validation==0.11.0 outloud==0.2.1, then run this script with DIR/bin/python"
        )
    return page, outloud


def page_validation(page, path: str, profile: str) -> list[tuple[str, str]]:
    """(rule, message) for each failure of one page-validation profile."""
    checker = f"page-validation {profile}"
    try:
        report = page.validate_pdf(path, profile=profile)
    except Exception as error:  # noqa: BLE001: ParseError, SafetyLimitError, ProfileError, OSError …
        return [(f"{checker} {type(error).__name__}", one_line(error))]
    failures = [(f"{checker} {f.rule_id}", one_line(f.message)) for f in report.failures]
    if not report.is_compliant and not failures:
        failures.append((f"{checker} not-compliant", f"{report.rules.failed} rules failed"))
    return failures


def outloud_check(outloud, path: str) -> list[tuple[str, str]]:
    """(rule, message) for each error-level finding, an unreadable file, or a rule that crashed."""
    result = outloud.check(path)
    if result.error:
        return [("outloud unreadable", one_line(result.error))]
    failures = []
    for finding in result.sorted_findings():
        if finding.severity != "error":
            continue
        message = one_line(finding.message)
        if finding.page:
            message += f" (page {finding.page})"
        if finding.count > 1:
            message += f" ({finding.count} times)"
        failures.append((f"outloud {finding.rule}", message))
    for run in result.runs:
        if run.status == "crashed":
            failures.append((f"outloud {run.rule}", one_line(f"the rule crashed: {run.reason}")))
    return failures


def pdfa_profile(path: str) -> str:
    """The page-validation profile of the PDF/A part a file claims: "3a" or "2a"."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        return "3a" if pdf.open_metadata().get("pdfaid:part") == "3" else "2a"


def main() -> int:
    parser = argparse.ArgumentParser(description="Check PDFs for PDF/UA-1 (and PDF/A) with page-validation and outloud.")
    parser.add_argument("--pdfa", action="store_true", help="also check PDF/A-2a or, for part 3, PDF/A-3a")
    parser.add_argument("files", nargs="+", metavar="FILE.pdf")
    args = parser.parse_args()
    page, outloud = load_checkers()

    failed = 0
    checked: set[str] = set()
    for path in args.files:
        if not os.path.isfile(path):
            print(f"{path}: check_pdf missing: no such file")
            failed += 1
            continue
        profiles = ["ua1"] + ([pdfa_profile(path)] if args.pdfa else [])
        checked.update(profiles)
        failures: list[tuple[str, str]] = []
        for profile in profiles:
            failures += page_validation(page, path, profile)
        failures += outloud_check(outloud, path)
        for (rule, message), count in Counter(failures).items():
            print(f"{path}: {rule}: {message}" + (f" ({count} times)" if count > 1 else ""))
        failed += len(failures)

    if failed:
        return 1
    checks = ", ".join(f"page-validation {p}" for p in sorted(checked))
    print(
        f"check_pdf: {len(args.files)} file(s) pass {checks} and outloud "
        f"(page-validation {page.__version__}, outloud {outloud.__version__})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
