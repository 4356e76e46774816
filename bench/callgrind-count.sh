#!/usr/bin/env bash
# Instructions per request of one server, counted by valgrind's callgrind: repeatable within a few
# per cent, where CPU time on a shared machine is not (see BENCHMARKS.md, "Instructions").
#
#   bash bench/callgrind-count.sh <port> <paths-file> -- <server command...>
#   e.g. npm run build && PORT=9401 bash bench/callgrind-count.sh 9401 paths.txt -- node packages/service/dist/cli.js serve
#
# The server runs under callgrind with instrumentation off while WARM_UP requests (default 40000)
# warm it up and SETTLE more (default 2000) arrive on new connections, then, after a pause that
# lets the JIT's compiler threads finish (valgrind runs one thread at a time), with
# instrumentation on for REQUESTS requests (default 20000), and is dumped. PAUSE (seconds, default
# 1) sets the pause.
# Requests come from a separate Node process over eight keep-alive connections, cycling through
# the paths file (one path per line), with an Accept-Encoding header when ACCEPT_ENCODING is set
# and an Accept header when ACCEPT is set. With POST_PATH set (such as /mcp), each line is instead
# a JSON body POSTed there, with the headers an MCP client sends.
# Needs valgrind, curl and ss. CALLGRIND_OUT keeps the dump.
set -euo pipefail
port=$1 paths=$2
shift 3
warm=${WARM_UP:-40000} requests=${REQUESTS:-20000}
out=${CALLGRIND_OUT:-$(mktemp -d)/callgrind.out}

valgrind --tool=callgrind --quiet --smc-check=all-non-file --instr-atstart=no --callgrind-out-file="$out" "$@" > /dev/null &
server=$!
trap 'kill -INT $server 2> /dev/null || true' EXIT
for _ in $(seq 600); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 1; done

client() {
  node --input-type=module -e '
    import { Agent, request } from "node:http";
    import { readFileSync } from "node:fs";
    const [base, file, count] = process.argv.slice(1);
    const paths = readFileSync(file, "utf8").trim().split("\n");
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    let sent = 0;
    const post = process.env.POST_PATH;
    const headers = { ...(process.env.ACCEPT_ENCODING ? { "accept-encoding": process.env.ACCEPT_ENCODING } : {}), ...(process.env.ACCEPT ? { accept: process.env.ACCEPT } : {}),
      ...(post ? { "content-type": "application/json", accept: "application/json, text/event-stream" } : {}) };
    const get = (line) => new Promise((done, fail) => {
      const sent = request(base + (post ?? line), { agent, headers, method: post ? "POST" : "GET" }, (res) => { res.resume(); res.on("end", done); }).on("error", fail);
      sent.end(post ? line : undefined);
    });
    await Promise.all(Array.from({ length: 8 }, async () => { while (sent < Number(count)) await get(paths[sent++ % paths.length]); }));
    agent.destroy();
  ' "http://127.0.0.1:$port" "$paths" "$1"
}

client "$warm"
# Once more on new connections: on Node 20 the first connections after the warm-up's deoptimize
# node:http's functions once ("wrong map"), and TurboFan recompiling them would be counted as
# per-request work (37 000 instructions per request for the calendar feed; BENCHMARKS.md).
client "${SETTLE:-2000}"
sleep "${PAUSE:-1}"
callgrind_control --instr=on "$server" > /dev/null
client "$requests"
callgrind_control --dump "$server" > /dev/null
for _ in $(seq 6000); do grep -q '^totals:' "$out.1" 2> /dev/null && break; sleep 0.1; done
total=$(grep -m1 '^summary:' "$out.1" | cut -d' ' -f2)
echo "$((total / requests)) instructions per request ($requests requests after $warm; dump $out.1)"
