import { normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { cliLine, words } from "./infra-args.ts";
import { containerCommandOps } from "./remote-commands.ts";
import { containerCopy } from "./cloud-copies.ts";

const destroy = (inv: Invocation): Op[] => [op("infra-destroy", inv.name)];
const GLOBAL_VALUED = new Set(["-H", "--host", "--context", "-c", "--config", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey", "--url", "--connection"]);
const COMPOSE_VALUED = new Set(["-f", "--file", "-p", "--project-name", "--project-directory", "--env-file", "--profile", "--ansi", "--progress", "--parallel"]);

/**
 * docker, podman, nerdctl. Volumes hold data, containers are cattle: removing volumes
 * (`volume rm|prune`, `rm -v`, `compose down -v`) and the sweeping prunes (`system prune`,
 * `container prune`, podman's `system reset`) are ASK_INFRA_DESTROY; `rm -f`, `rmi`, `stop` and image, network and
 * build-cache prunes pass. `exec`/`run` commands are analysed for data-store effects. Pushing an
 * image sends what its build copied in, which the guard cannot enumerate: ASK_DATA_EGRESS.
 */
export const docker: Handler = (inv) => {
  const { args } = inv;
  let i = 0;
  for (; i < args.length && args[i]!.value.startsWith("-"); i++) {
    if (args[i]!.dynamic) return destroy(inv);
    if (GLOBAL_VALUED.has(args[i]!.value)) i++;
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (!sub) return [];
  if (sub.dynamic) return destroy(inv);
  if (rest.some((a) => a.value === "--help")) return [];
  switch (sub.value) {
    case "system":
      // `podman system reset` removes every container, image and volume (red team 16).
      return _first(rest) === "prune" || _first(rest) === "reset" ? destroy(inv) : [];
    case "volume":
      return ["rm", "remove", "prune"].includes(_first(rest)) ? destroy(inv) : [];
    case "container":
      return rest[0]?.value === "cp" ? containerCopy(inv, rest.slice(1)) : _container(rest, inv);
    case "cp":
      return containerCopy(inv, rest);
    case "rm":
      return _removesVolumes(rest) ? destroy(inv) : [];
    case "compose":
      return compose({ ...inv, args: rest });
    case "exec":
    case "run":
    case "create":
      return containerCommandOps(rest, inv.ctx);
    // An image holds whatever its build copied in, which the guard cannot enumerate (session 9).
    case "push":
      return [op("egress", `${inv.name} push`)];
    case "image":
      return _first(rest) === "push" ? [op("egress", `${inv.name} image push`)] : [];
    // A build that pushes its image (`build --push`, buildx's `--push` or a registry output).
    case "build":
    case "buildx": {
      const build = sub.value === "build" ? rest : rest[0]?.value === "build" ? rest.slice(1) : [];
      const ops: Op[] = _buildPushes(rest) ? [op("egress", `${inv.name} build --push`)] : [];
      const home = _homeContexts(build, inv);
      return home.length ? [...ops, op("secret", `${inv.name} build`, home)] : ops;
    }
  }
  return [];
};

// `docker build`'s options that take the next word as their value (podman's and buildx's common ones).
const BUILD_VALUED = new Set(
  "-t --tag -f --file --build-arg --build-context --target --platform --label --network --cache-from --cache-to --secret --ssh -o --output --iidfile --metadata-file --add-host --progress --allow --attest --shm-size -m --memory --memory-swap --cpu-shares -c --cpu-period --cpu-quota --cpuset-cpus --cpuset-mems --cgroup-parent --isolation --ulimit --security-opt --builder --annotation --provenance --sbom --call --label-file --arch --os --variant --layers --format --authfile --cert-dir --creds --jobs --runtime --sign-by --volume -v --env -e --from --manifest --retry --retry-delay --timestamp --ignorefile --hooks-dir --logfile"
    .split(" "),
);

/**
 * The build contexts (`docker build PATH`, `--build-context NAME=PATH`) that are the home folder or
 * a folder around it (`docker build ~`, `podman build $HOME`, `docker build /`): the whole tree, its
 * credential stores (~/.ssh, ~/.aws, ~/.docker) with it, is sent to the daemon and may be copied into
 * the image, as `docker build ~/.ssh` is a read of a credential folder (ASK_SECRET_ACCESS). A
 * workspace folder, a URL, stdin or a computed word is judged as before.
 */
function _homeContexts(args: Word[], inv: Invocation): Word[] {
  const contexts: Word[] = [];
  let operand = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === "--build-context" || v.startsWith("--build-context=")) {
      const value = v === "--build-context" ? args[++i] : { ...a, value: v.slice(16) };
      const at = value?.value.indexOf("=") ?? -1;
      if (value && at > 0) contexts.push({ ...value, value: value.value.slice(at + 1) });
    } else if (BUILD_VALUED.has(v)) i++;
    else if (!v.startsWith("-") && !operand) {
      operand = true;
      contexts.push(a);
    }
  }
  const cwd = inv.ctx.state.cwd;
  const home = inv.ctx.home.replace(/\/+$/, "");
  return contexts.filter((w) => {
    if (w.dynamic || /^[a-z][a-z0-9+.-]*:\/\//i.test(w.value) || w.value === "-") return false;
    const path = w.value.startsWith("/") ? normalize(w.value) : cwd === null ? null : normalize(`${cwd}/${w.value}`);
    const dir = path?.replace(/(.)\/+$/, "$1");
    return dir !== undefined && dir !== null && home !== "" && (dir === home || dir === "/" || home.startsWith(`${dir}/`));
  });
}

/** `docker container prune|rm|exec|run …`. */
function _container(rest: Word[], inv: Invocation): Op[] {
  const [verb, ...more] = rest.filter((w, k) => k > 0 || !w.value.startsWith("-"));
  if (verb?.dynamic) return destroy(inv);
  if (verb?.value === "prune") return destroy(inv);
  if (verb?.value === "rm" || verb?.value === "remove") return _removesVolumes(more) ? destroy(inv) : [];
  if (verb?.value === "exec" || verb?.value === "run" || verb?.value === "create") return containerCommandOps(more, inv.ctx);
  return [];
}

/** `build --push`, `buildx build|bake --push`, an output of `type=registry` or `push=true` (`-o`, `--output`). */
function _buildPushes(args: Word[]): boolean {
  const pushes = (v: string) => /(?:^|,)(?:type=registry|push=true)(?:,|$)/.test(v);
  return args.some((a, i) => {
    if (a.value === "--push") return true;
    const given = /^(?:--output=|-o)(.+)$/s.exec(a.value)?.[1];
    return given !== undefined ? pushes(given) : (args[i - 1]?.value === "--output" || args[i - 1]?.value === "-o") && pushes(a.value);
  });
}

/** `rm -v`, `--volumes`, or a flag cluster holding `v` (`-fv`). */
function _removesVolumes(args: Word[]): boolean {
  return args.some((a) => a.value === "--volumes" || /^-[a-zA-Z]*v[a-zA-Z]*$/.test(a.value));
}

function _first(args: Word[]): string {
  return args.find((a) => !a.value.startsWith("-"))?.value ?? "";
}

/** docker compose, docker-compose, podman-compose: `down -v` and `rm -v` remove volumes. */
export const compose: Handler = (inv) => {
  const line = cliLine(inv.args, COMPOSE_VALUED);
  const [sub] = words(line);
  if (line.operands[0]?.dynamic) return destroy(inv);
  if (line.options.includes("--help")) return [];
  if (sub === "down" || sub === "rm") return _removesVolumes(inv.args) ? destroy(inv) : [];
  // The services' images pushed (session 9), as `docker push`; `--dry-run` sends nothing.
  if (sub === "push") return line.options.includes("--dry-run") ? [] : [op("egress", `${inv.name} push`)];
  if (sub === "exec" || sub === "run") {
    const at = inv.args.findIndex((a) => a.value === sub);
    return containerCommandOps(inv.args.slice(at + 1), inv.ctx);
  }
  return [];
};
