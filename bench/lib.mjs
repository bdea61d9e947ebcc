// What the benches share: their command-line options, the environment they run wrangler in, and the production
// build served by `wrangler dev` on its own port and data directory.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

/** Environment for wrangler: no metrics, no network lookups, no D1 banner. */
export const benchEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  NO_D1_WARNING: "true",
};

/**
 * Variables of a production Worker for benches that only read pages: APP_ENV=production needs real payment and mail
 * settings (app/utils/env.server.ts); these are well-formed but fake, and no page a bench reads ever calls them.
 */
export function productionReadOnlyVars(extra = {}) {
  return {
    APP_ENV: "production",
    APP_URL: "https://bench.balise.invalid",
    SESSION_SECRET: "bench-session-secret-0123456789abcdef-0123456789",
    STRIPE_SECRET_KEY: "sk_test_bench_never_called",
    STRIPE_WEBHOOK_SECRET: "whsec_bench_never_called",
    MAIL_API_URL: "https://mail.invalid/send",
    MAIL_API_KEY: "bench-never-called",
    MAIL_FROM: "Balise <bench@balise.fr>",
    ...extra,
  };
}

/** The rows `sql` (one statement) returns from the local D1 kept in `persistTo`. */
export function d1Rows(persistTo, sql) {
  const out = execFileSync(
    "wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--json", "--command", sql],
    { env: benchEnv, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out)[0].results;
}

/** `--name value` from the command line, else `def`. */
export function option(name, def) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : def;
}

/**
 * Starts `wrangler dev` on 127.0.0.1:`port` with exactly the given variables (wrangler.jsonc describes production;
 * a developer's .dev.vars is not read: the variables go through a file of their own, passed with --env-file), in
 * its own process group (stopped on exit and on Ctrl-C). `ready()` resolves once /robots.txt answers.
 */
export function startWorker({ port, base, persistTo, vars = {}, logLevel = "warn", stdout = "inherit", args = [] }) {
  mkdirSync(persistTo, { recursive: true });
  const varsFile = `${persistTo}/bench.vars`;
  writeFileSync(
    varsFile,
    Object.entries(vars)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(""),
  );
  const server = spawn(
    "wrangler",
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--log-level",
      logLevel,
      "--env-file",
      varsFile,
      ...args,
    ],
    { stdio: ["ignore", stdout, "inherit"], env: benchEnv, detached: true },
  );
  const stop = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  process.on("exit", stop);
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  async function ready(attempts = 480) {
    for (let i = 0; i < attempts; i++) {
      try {
        if ((await fetch(`${base}/robots.txt`)).ok) return;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("le serveur ne répond pas");
  }
  return { pid: server.pid, stop, ready, server };
}

/** Every process under `root` (a spawned wrangler: its workerd children included), by walking /proc. */
function descendants(root) {
  const parent = new Map();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {}
  }
  const out = [];
  const stack = [root];
  while (stack.length) {
    const p = stack.pop();
    for (const [c, pp] of parent)
      if (pp === p) {
        out.push(c);
        stack.push(c);
      }
  }
  return out;
}

function comm(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/** The workerd processes serving a `startWorker` (the Worker and its local D1/R2/Durable Objects). */
export function workerdPids(root) {
  return descendants(root).filter((p) => comm(p).startsWith("workerd"));
}

export function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU time (user + system, ms) the given processes have used so far, from /proc/{pid}/stat (clock ticks of 10 ms on
 * Linux). Read before and after a series of requests: the difference is what the server spent on them, the local
 * D1 (SQLite inside workerd) included.
 */
export function cpuMs(pids) {
  let ticks = 0;
  for (const p of pids) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return ticks * 10;
}

/**
 * A CPU profile of the Worker's isolate while `fn` runs, through wrangler's inspector (`--inspector-port`), summed by
 * function: the `top` functions by self time, as printable lines. For finding where a request's CPU goes.
 */
export async function profileWorker(inspectorPort, fn, top = 30) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  // the inspector only accepts a local Origin (undici takes headers as a second argument)
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl, { headers: { origin: "http://127.0.0.1" } });
  await new Promise((res, rej) => {
    ws.onopen = res;
    ws.onerror = rej;
  });
  let id = 0;
  const pending = new Map();
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data));
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m.result);
      pending.delete(m.id);
    }
  };
  const send = (method, params = {}) =>
    new Promise((res) => {
      pending.set(++id, res);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  await fn();
  const { profile } = await send("Profiler.stop");
  ws.close();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((sid, i) => {
    const n = byId.get(sid);
    const f = n.callFrame;
    const key = `${f.functionName || "(anonyme)"} ${f.url.split("/").pop()}:${f.lineNumber + 1}`;
    const us = dt[i] ?? 0;
    total += us;
    self.set(key, (self.get(key) ?? 0) + us);
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`,
    );
}
