#!/usr/bin/env python3
"""axe-core in Debian's Chromium: the WCAG 2.0, 2.1 and 2.2 A and AA rules and
the best-practice rules, on each HTML file given.

    axe_check.py AXE_JS FILE.html...

AXE_JS is axe.min.js (make setup takes it from the axe-playwright-python
wheel on PyPI). Prints one JSON object: each file's violations (rule id,
impact, help, and the elements), and under "FILE (print)" the colour-contrast
violations with the print style sheet applied (CSS media emulated as print).
Runs one browser for every file, through selenium and Debian's chromedriver.
"""
import json
import sys
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def main() -> int:
    axe = Path(sys.argv[1]).read_text()
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1000,2000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(120)
    report = {}
    try:
        for page in sys.argv[2:]:
            for media, run_only, key in (("screen", {"type": "tag", "values": RULES}, page),
                                         ("print", {"type": "rule", "values": ["color-contrast"]}, page + " (print)")):
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media})
                driver.get(Path(page).resolve().as_uri())
                if not driver.execute_script("return matchMedia(arguments[0]).matches", media):
                    report[key] = [{"id": "media-not-emulated", "impact": "critical", "help": media, "elements": []}]
                    continue
                driver.execute_script(axe)
                report[key] = driver.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "axe.run(document, {runOnly: arguments[0]})"
                    ".then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
                    " elements: v.nodes.map(n => n.target.join(' '))}))))"
                    ".catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), elements: []}]));",
                    run_only)
    finally:
        driver.quit()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
