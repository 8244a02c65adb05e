#!/usr/bin/env bash
# check_manifests.sh: offline checks of the deployment files in deploy/.
#
#   1. kubernetes-validate (PyPI) over deploy/kubernetes/*.yaml, strict (an
#      unknown or misspelled field fails), against the schemas of one pinned
#      Kubernetes version, KUBE_VERSION (default 1.30.0, the oldest release the
#      manifests are meant for). kustomization.yaml is not a Kubernetes
#      resource (the validator has no schema for it): its `resources` list is
#      checked against the files instead.
#   2. The numbers that must agree across files: ITINERARY_WORKERS = the CPU
#      limit; terminationGracePeriodSeconds > preStop sleep + ITINERARY_GRACE;
#      the container port = ITINERARY_PORT; the probes' paths; the proxy's
#      client_max_body_size = ITINERARY_MAX_BODY; the Dockerfile installs every
#      font package of the Makefile's APT_PACKAGES; ITINERARY_API_KEYS is the Secret's
#      file where the Deployment mounts it, and nginx passes Authorization (issue #50).
#   3. `nginx -t` on deploy/nginx/nginx.conf, with a temporary prefix.
#
# Prints one `FAIL: …` sentence per failed check and exits 1; exits 2 on a
# set-up problem (no python3, kubernetes-validate cannot be installed or lacks
# the pinned version, no nginx); exits 0 with one `OK: …` line.
#
# Needs: python3 with pip (installs kubernetes-validate==1.37.0 when missing;
# PyYAML comes with it) and the Debian package nginx-light (or nginx).

set -euo pipefail

cd "$(dirname "$0")/../../.."
KUBE_VERSION=${KUBE_VERSION:-1.30.0}
VALIDATOR_PIN=kubernetes-validate==1.37.0

setup_fail() { echo "check_manifests: $*"; exit 2; }

command -v python3 >/dev/null 2>&1 || setup_fail "python3 is missing."
command -v nginx >/dev/null 2>&1 || setup_fail "nginx is missing: install the Debian package nginx-light (apt-get install -y nginx-light)."

if ! python3 -c 'import kubernetes_validate' 2>/dev/null; then
    echo "check_manifests: installing $VALIDATOR_PIN"
    python3 -m pip install --quiet "$VALIDATOR_PIN" 2>/dev/null \
        || python3 -m pip install --quiet --user --break-system-packages "$VALIDATOR_PIN" \
        || setup_fail "could not install $VALIDATOR_PIN with pip."
fi
validator_version=$(python3 -c 'from importlib.metadata import version; print(version("kubernetes-validate"))')
python3 - "$KUBE_VERSION" <<'EOF' || setup_fail "kubernetes-validate $validator_version has no schemas for Kubernetes $KUBE_VERSION; set KUBE_VERSION to one it has, or install $VALIDATOR_PIN."
import sys
from kubernetes_validate.utils import all_versions
sys.exit(0 if sys.argv[1] in all_versions() else 1)
EOF

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# ---- 1. schemas ----------------------------------------------------------------
manifests=()
for f in deploy/kubernetes/*.yaml; do
    [[ "$(basename "$f")" == kustomization.yaml ]] || manifests+=("$f")
done
((${#manifests[@]})) || setup_fail "no manifests in deploy/kubernetes/."
if ! out=$(python3 -m kubernetes_validate --strict --no-warn -k "$KUBE_VERSION" "${manifests[@]}" 2>&1); then
    echo "$out"
    fail "kubernetes-validate $validator_version (strict) rejected deploy/kubernetes against Kubernetes $KUBE_VERSION (see above)."
else
    # A file with no resource in it, or only kinds without a schema, merely
    # warns: every file must have had a resource checked.
    for f in "${manifests[@]}"; do
        grep -qF "INFO $f passed for resource " <<<"$out" \
            || fail "kubernetes-validate checked no resource in $f (no resource, or a kind it has no schema for)."
    done
fi

# ---- 2. cross-file consistency --------------------------------------------------
if ! python3 - <<'EOF'; then
import glob, os, re, sys
import yaml

problems = []
def fail(msg):
    problems.append(msg)

def docs(path):
    with open(path) as f:
        return [d for d in yaml.safe_load_all(f) if d]

kust = docs("deploy/kubernetes/kustomization.yaml")[0]
listed = set(kust.get("resources", []))
present = {os.path.basename(p) for p in glob.glob("deploy/kubernetes/*.yaml")} - {"kustomization.yaml"}
if listed != present:
    fail(f"kustomization.yaml lists {sorted(listed)} but deploy/kubernetes holds {sorted(present)}.")

dep = next(d for d in docs("deploy/kubernetes/deployment.yaml") if d["kind"] == "Deployment")
pod = dep["spec"]["template"]["spec"]
c = pod["containers"][0]
env = {e["name"]: e.get("value") for e in c.get("env", [])}

def cpu(q):
    q = str(q)
    return float(q[:-1]) / 1000 if q.endswith("m") else float(q)

limit = cpu(c["resources"]["limits"]["cpu"])
workers = env.get("ITINERARY_WORKERS")
if workers is None or float(workers) != limit:
    fail(f"ITINERARY_WORKERS ({workers}) differs from the CPU limit ({limit:g}).")

grace = int(env.get("ITINERARY_GRACE", 0))
pre = c.get("lifecycle", {}).get("preStop", {})
sleep = 0
if "exec" in pre:
    cmd = pre["exec"]["command"]
    sleep = int(cmd[-1]) if cmd and cmd[0].endswith("sleep") else 0
elif "sleep" in pre:
    sleep = int(pre["sleep"]["seconds"])
tgps = int(pod.get("terminationGracePeriodSeconds", 30))
if tgps <= sleep + grace:
    fail(f"terminationGracePeriodSeconds ({tgps}) is not longer than preStop ({sleep}) + ITINERARY_GRACE ({grace}).")
if grace == 0:
    fail("ITINERARY_GRACE is not set in the Deployment.")

ports = {p["name"]: p["containerPort"] for p in c.get("ports", [])}
if str(ports.get("http")) != str(env.get("ITINERARY_PORT", "8080")):
    fail(f"the container port named http ({ports.get('http')}) differs from ITINERARY_PORT ({env.get('ITINERARY_PORT')}).")
if env.get("ITINERARY_HOST") != "0.0.0.0":
    fail("ITINERARY_HOST is not 0.0.0.0 in the Deployment, so the kubelet's probes could not reach the pod.")
for probe, path in (("readinessProbe", "/ready"), ("livenessProbe", "/health")):
    got = c.get(probe, {}).get("httpGet", {}).get("path")
    if got != path:
        fail(f"the {probe} asks {got}, not {path}.")
sc = c.get("securityContext", {})
if not (sc.get("readOnlyRootFilesystem") and sc.get("allowPrivilegeEscalation") is False
        and (pod.get("securityContext", {}).get("runAsNonRoot") or sc.get("runAsNonRoot"))):
    fail("the container is not read-only, non-root and without privilege escalation.")

svc = next(d for d in docs("deploy/kubernetes/service.yaml") if d["kind"] == "Service")
if svc["spec"]["ports"][0].get("targetPort") not in ("http", ports.get("http")):
    fail("the Service does not target the container port named http.")
hpa = next(d for d in docs("deploy/kubernetes/hpa.yaml") if d["kind"] == "HorizontalPodAutoscaler")
if hpa["spec"]["scaleTargetRef"]["name"] != dep["metadata"]["name"]:
    fail("the HorizontalPodAutoscaler does not scale the Deployment.")

# Issue #50: on 0.0.0.0 the service needs its keys file: the Secret, mounted where ITINERARY_API_KEYS says.
keys = env.get("ITINERARY_API_KEYS")
secret = next((d for d in docs("deploy/kubernetes/secret.yaml") if d["kind"] == "Secret"), None)
mounts = {m["name"]: m for m in c.get("volumeMounts", [])}
volumes = {v["name"]: v for v in pod.get("volumes", [])}
mounted = [(mounts[name]["mountPath"], v["secret"]) for name, v in volumes.items() if "secret" in v and name in mounts]
if not keys:
    fail("ITINERARY_API_KEYS is not set: on 0.0.0.0 the service would not start.")
elif secret is None or not any(
        s.get("secretName") == secret["metadata"]["name"] and keys.startswith(path.rstrip("/") + "/")
        and os.path.basename(keys) in secret.get("stringData", secret.get("data", {}))
        for path, s in mounted):
    fail(f"ITINERARY_API_KEYS ({keys}) is not a key of the Secret in secret.yaml mounted at its folder.")

conf = open("deploy/nginx/nginx.conf").read()
if not re.search(r"^\s*proxy_set_header\s+Authorization\s+\$http_authorization\s*;", conf, re.M):
    fail("nginx does not pass the caller's Authorization header to the replicas.")
m = re.search(r"^\s*client_max_body_size\s+(\d+)([kKmMgG]?)\s*;", conf, re.M)
size = int(m.group(1)) * {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[m.group(2).lower()] if m else None
if size is None or str(size) != str(env.get("ITINERARY_MAX_BODY")):
    fail(f"nginx's client_max_body_size ({size}) differs from ITINERARY_MAX_BODY ({env.get('ITINERARY_MAX_BODY')}).")

make = open("Makefile").read()
m = re.search(r"^APT_PACKAGES\s*:=\s*((?:.*\\\n)*.*)$", make, re.M)
apt = m.group(1).replace("\\\n", " ").split() if m else []
fonts = [p for p in apt if p.startswith("fonts-")]
docker = open("deploy/Dockerfile").read()
if not fonts:
    fail("no fonts-* package found in the Makefile's APT_PACKAGES.")
missing = [p for p in fonts if not re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", docker)]
if missing:
    fail(f"deploy/Dockerfile does not install the Makefile's font packages {missing}.")

for p in problems:
    print("FAIL: " + p)
sys.exit(1 if problems else 0)
EOF
    failures=$((failures + 1))
fi

# ---- 3. nginx -t -------------------------------------------------------------------
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
mkdir -p "$prefix/logs"
if ! out=$(nginx -t -p "$prefix/" -c "$PWD/deploy/nginx/nginx.conf" -e "$prefix/logs/error.log" 2>&1); then
    echo "$out"
    fail "nginx -t rejected deploy/nginx/nginx.conf (see above)."
fi

if ((failures)); then
    echo "check_manifests: $failures check(s) failed"
    exit 1
fi
echo "OK: ${#manifests[@]} manifests valid (kubernetes-validate $validator_version, strict, Kubernetes $KUBE_VERSION), deployment settings consistent, nginx -t passed ($(nginx -v 2>&1 | sed 's/^nginx version: //'))."
