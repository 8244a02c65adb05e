import sys, page
print("page-validation", page.__version__)
for f in sys.argv[1:]:
    r = page.validate_pdf(f, profile="ua1")
    print(f"== {f}: compliant={r.is_compliant} rules passed={r.rules.passed} failed={r.rules.failed}")
    seen = set()
    for x in r.failures:
        if x.rule_id in seen: continue
        seen.add(x.rule_id); print(f"   {x.rule_id}: {x.message[:150]}")
