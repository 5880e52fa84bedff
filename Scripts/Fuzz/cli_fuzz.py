#!/usr/bin/env python3
"""Command-line fuzzer: random, hostile command lines for the release binary.

Command lines are built from the commands' own option definitions (`arcmask
--experimental-dump-help`), with hostile values (NaN, inf, 1e300, huge sizes, empty strings,
control characters, negative numbers) and real inputs (the project's Examples and, when present,
../shared/corpus), plus FIFOs, folders, devices and files with hostile names. Each run gets a
fresh working folder and TMPDIR, a wall-clock limit and an address-space ceiling. A run is a
finding when:

  - it ends on a signal (a trap, an abort, a segfault) or by the memory ceiling;
  - it exits 70 (an internal error: an input or argument must never cause one);
  - it outlives the time limit;
  - it fails (exit != 0) and leaves anything in its working folder that was not there before
    (partial output), or changes anything that was;
  - it leaves a staging folder, a temporary file, or a lock file behind (whatever its status);
  - it changes an input.

Usage: cli_fuzz.py BINARY --runs N [--seed S] [--jobs J] [--time-limit SECONDS] [--memory-mb MB]
Findings are printed with the command line that reproduces each; exit 1 when there is any.
"""

import argparse
import hashlib
import json
import os
import random
import re
import resource
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "corpus")

# The options that take a size, WxH: the view's points, output pixels, a generated canvas.
SIZE_OPTIONS = ("--view", "--pixels", "--canvas")

# Values that numeric, size and list options are tried with, hostile and ordinary.
NUMBERS = ["0", "-0", "1", "2", "3", "-1", "-45", "0.5", "1.5", "8", "60", "120", "1000", "1001", "255", "256",
           "NaN", "nan", "inf", "-inf", "+inf", "1e300", "-1e300", "1e-300", "1e15", "1e9", "1e12",
           "99999999999999999999", "9223372036854775807", "-9223372036854775808", "0x10", "1_000", "",
           " ", "abc", "12abc", "3ms", "250ms", "1e308ms", "--out"]
SIZES = ["170x170", "1x1", "2x2", "40000x40000", "32767x32767", "32767x1", "1x32767", "24000x24000", "8000x8000",
         "99999999x1", "0x0", "-5x5", "5x-5", "170", "x", "170x", "NaNxNaN", "1e3x1e3", "", "170X170",
         "4000x2000", "364x382"]
LISTS = ["60,120", "60", "120,", ",", "", "NaN,60", "inf", "1e9", "0.001", "60,120,240,1000", "1,2,3,4,5,6,7,8",
         "40,40,80", "-40", "8", "5,10,20", "65535", "65536", "1000000"]
STRINGS = ["", " ", "\n", "a\nb", "'", "\"", "\\(x)", "*/", "\u202e", "x" * 300, "Orbit", "orbit", "A" * 70,
           "Europe/Paris", "Mars/Olympus", "2026-11-25", "2026-02-30", "#FF0000", "#GG0000", "avatar=Examples/orbit.gif",
           "name=Hello", "key", "=", "torn,gap", "torn,bogus", "0..3", "3..0", "0..99999999999", "-1..2"]

# Well-formed values for options that take structured text, so that ordinary lines reach the work.
ORDINARY = {
    "--view": ["170x170", "364x382", "48x48", "1x1", "240x240"],
    "--pixels": ["170x170", "364x382", "48x48", "1x1", "240x240"],
    "--canvas": ["170x170", "364x382", "48x48", "1x1", "240x240"],
    "--set-text": ["name=Hello", "name=日本語のテキスト", "ribbon=", "name=a\nb"],
    "--set-image": lambda inputs, rng: "avatar=" + rng.choice([p for p in inputs.files if p.endswith((".png", ".gif"))]),
    "--image-fit": ["avatar=fit", "avatar=fill", "avatar=stretch"],
    "--text-style": ["name:size=20", "name:color=#FF0000,align=center", "name:font=Noto Sans CJK SC,lines=2"],
    "--hide": ["ribbon", "halo.vector", "avatar"],
    "--durations": ["40,40,80", "100", "16,17"], "--delays": ["5,10,20", "8", "0,0,1"],
    "--refresh": ["60", "60,120", "120", "30,60,120"], "--time-zone": ["Europe/Paris", "Asia/Shanghai", "UTC"],
    "--range": ["0..3", "1..1", "0..0"], "--date": ["2026-11-25"], "--marker": ["intro"],
    "--time": ["0", "0.5", "250ms", "2s"], "--angle": ["0", "-45", "90", "359.5"],
    "--fps": ["10", "24", "30"], "--scale": ["1", "2", "3"], "--jobs": ["1", "2"],
}


def dump_help(binary):
    out = subprocess.run([binary, "--experimental-dump-help"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["command"]


def commands(node, path=()):
    """Every leaf command: (words, arguments)."""
    subs = node.get("subcommands") or []
    name = node["commandName"]
    here = path + ((name,) if path or name != "arcmask" else ())
    if not subs:
        yield list(here), node.get("arguments") or []
    for s in subs:
        if s["commandName"] == "help":
            continue
        yield from commands(s, here)


def long_name(arg):
    for n in arg.get("names") or []:
        if n["kind"] == "long":
            return "--" + n["name"]
    return None


class Inputs:
    """Input files in a shared read-only folder, with digests to prove they are never changed."""

    def __init__(self, folder, rng):
        self.folder = folder
        files = []
        for f in sorted(os.listdir(os.path.join(ROOT, "Examples"))):
            p = os.path.join(ROOT, "Examples", f)
            if os.path.isfile(p) and not f.endswith(".md"):
                files.append(p)
        for sub, exts in [("gif", (".gif",)), ("svga", (".svga",)), ("apng", (".png", ".apng")), ("webp", (".webp",)),
                          ("svg", (".svg",))]:
            d = os.path.join(SHARED, sub)
            if not os.path.isdir(d):
                continue
            found = []
            for dirpath, _, names in os.walk(d):
                if "expected" in dirpath or "reference" in dirpath:
                    continue
                found += [os.path.join(dirpath, n) for n in names if n.endswith(exts)
                          and os.path.getsize(os.path.join(dirpath, n)) < 4 << 20]
            found.sort()
            rng.shuffle(found)
            files += found[:40]
        self.files = []
        for i, p in enumerate(files):
            name = f"{i:03d}-{os.path.basename(p)}"
            dst = os.path.join(folder, name)
            shutil.copyfile(p, dst)
            self.files.append(dst)
        self.sound = list(self.files)  # inputs as they come, before damaged and odd ones join them
        # Damaged copies: truncated and bit-flipped.
        for i, p in enumerate(rng.sample(self.files, min(12, len(self.files)))):
            data = bytearray(open(p, "rb").read())
            if i % 2 == 0:
                data = data[: max(1, len(data) * rng.randint(1, 9) // 10)]
            else:
                for _ in range(4):
                    k = rng.randrange(len(data))
                    data[k] ^= 1 << rng.randrange(8)
            dst = os.path.join(folder, f"damaged-{i}{os.path.splitext(p)[1]}")
            open(dst, "wb").write(bytes(data))
            self.files.append(dst)
        # Hostile names (a newline, quotes, an interpolation, a comment end, a right-to-left mark, 255 bytes).
        gif = next(p for p in self.files if p.endswith("orbit.gif"))
        for n in ["a\nlet injected = 1; let z = 0 .gif", "q\"uote's.gif", "\\(boom).gif", "star* end.gif",
                  "\u202erorrim.gif", ("n" * 251) + ".gif", "frames.json", "manifest.json", "strip.png", " lead.gif"]:
            dst = os.path.join(folder, n)
            shutil.copyfile(gif, dst)
            self.files.append(dst)
        # A sequence folder, a pattern, an empty file, a folder of nothing.
        seq = os.path.join(folder, "seq")
        os.mkdir(seq)
        pngs = [p for p in self.files if p.endswith(".png")][:3]
        for k, p in enumerate(pngs):
            shutil.copyfile(p, os.path.join(seq, f"frame{k + 1:03d}.png"))
        self.files += [seq, os.path.join(seq, "frame%03d.png"), os.path.join(seq, "frame%3d.png")]
        open(os.path.join(folder, "empty.gif"), "wb").close()
        os.mkdir(os.path.join(folder, "nothing"))
        self.files += [os.path.join(folder, "empty.gif"), os.path.join(folder, "nothing"), "/dev/null", "/dev/zero",
                       "", "missing.gif"]
        self.digests = self.digest()

    def digest(self):
        out = {}
        for dirpath, _, names in os.walk(self.folder):
            for n in names:
                p = os.path.join(dirpath, n)
                out[p] = hashlib.sha256(open(p, "rb").read()).hexdigest()
        return out


def value_for(arg, rng, inputs, hostile=True):
    name = long_name(arg) or ""
    all_values = arg.get("allValues") or []
    vn = (arg.get("valueName") or "").lower()
    r = rng.random()
    if all_values and r < 0.7:
        return rng.choice(all_values)
    # Half the time the option's own default, so that lines get past parsing into the work.
    default = arg.get("defaultValue")
    if default is not None and rng.random() < (0.7 if not hostile else 0.5):
        return str(default)
    if not hostile:
        ordinary = ORDINARY.get(name)
        if callable(ordinary):
            return ordinary(inputs, rng)
        if ordinary:
            return rng.choice(ordinary)
        if name == "--out":
            return rng.choice(["out", "out", "out.png", "a/b/out", "out.gif", "out.svga"])
        return rng.choice(["1", "2", "3", "8", "60"])
    if name in ("--out",):
        return rng.choice(["out", "out", "out.png", "a/b/c/out", "", "existing", "afile/out", "afile",
                           "existing/frame-0000.png", "o\nut", "INPUT"])
    if name in ("--set-image",):
        return rng.choice(["avatar=" + rng.choice(inputs.files), "avatar=", "=x", "nokey"])
    if name in SIZE_OPTIONS or "x" == vn[-1:] and "size" in vn:
        return rng.choice(SIZES)
    if name in ("--refresh", "--durations", "--delays") and r < 0.8:
        return rng.choice(LISTS)
    if name in ("--range",):
        return rng.choice(["0..3", "1..1", "3..0", "0..99999999999", "-1..2", "0..", "a..b"])
    if r < 0.75:
        return rng.choice(NUMBERS)
    return rng.choice(STRINGS)


def build_line(rng, words, args, inputs):
    line = list(words)
    # A third of the lines are hostile in every value, a third in one value only, a third ordinary
    # (those reach the work: decoding, planning, drawing and writing with odd but valid settings).
    mode = rng.choice(["hostile", "one", "ordinary"])
    hostile = mode == "hostile"
    positional = [a for a in args if a["kind"] == "positional"]
    options = [a for a in args if a["kind"] in ("option", "flag") and long_name(a)
               and long_name(a) not in ("--help", "--version", "--experimental-dump-help")]
    for a in positional:
        if mode == "ordinary" and rng.random() < 0.8:
            line.append(rng.choice(inputs.sound))
        elif rng.random() < 0.97:
            line.append(rng.choice(inputs.files))
    # Most lines look like real use (a size and an output), then a few options at random.
    names = {long_name(a): a for a in options}
    sized = [n for n in SIZE_OPTIONS if n in names]
    if sized and rng.random() < 0.9:
        line += [sized[0], rng.choice(["170x170", "170x170", "364x382", "48x48", "1x1"]) if rng.random() < 0.8
                 else rng.choice(SIZES)]
    if "--out" in names and rng.random() < 0.95:
        line += ["--out", value_for(names["--out"], rng, inputs, hostile)]
    chosen = rng.sample(options, min(len(options), rng.choice([0, 1, 1, 2, 2, 3, 4])))
    odd = rng.randrange(len(chosen)) if mode == "one" and chosen else -1
    for k, a in enumerate(chosen):
        n = long_name(a)
        hostile = mode == "hostile" or k == odd
        if a["kind"] == "flag":
            line.append(n)
        else:
            v = value_for(a, rng, inputs, hostile)
            line += [n, v] if rng.random() < 0.85 else [f"{n}={v}"]
    # --out onto the line's own input (other inputs may be replaced with --force, as a user may).
    own = next((line[k] for k in range(len(words), len(line)) if line[k] in inputs.files), "x")
    line = [own if w == "INPUT" else w for w in line]
    if rng.random() < 0.2 and "--force" in names:
        line.append("--force")
    if rng.random() < 0.5 and "--jobs" in names:
        line += ["--jobs", "2"]
    # Styles and fits name keys that a value must fill.
    for opt, fill in (("--text-style", "--set-text"), ("--image-fit", "--set-image")):
        for k in range(len(line) - 1):
            if line[k] == opt and fill in names and fill not in line:
                key = line[k + 1].split(":")[0].split("=")[0]
                value = "Hello" if fill == "--set-text" else rng.choice(inputs.sound)
                line += [fill, f"{key}={value}"]
    if mode == "ordinary" and words == ["render"] and "--time" not in line and "--angle" not in line:
        line += ["--time", rng.choice(ORDINARY["--time"])]
    return mode, line


def tree(folder):
    """Every path below `folder` with its kind, size and digest (files)."""
    out = {}
    for dirpath, dirs, names in os.walk(folder):
        for d in dirs:
            out[os.path.relpath(os.path.join(dirpath, d), folder)] = "dir"
        for n in names:
            p = os.path.join(dirpath, n)
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode):
                out[os.path.relpath(p, folder)] = hashlib.sha256(open(p, "rb").read()).hexdigest()
            else:
                out[os.path.relpath(p, folder)] = "special"
    return out


def leftovers(folder):
    bad = []
    for dirpath, dirs, names in os.walk(folder):
        for n in dirs + names:
            if "arcmask-staging-" in n or (n.startswith(".") and n.endswith(".tmp")):  # AtomicFile's temporaries
                bad.append(os.path.relpath(os.path.join(dirpath, n), folder))
    return bad


def run_one(binary, line, base, time_limit, memory_mb):
    work = tempfile.mkdtemp(prefix="run-", dir=base)
    tmp = os.path.join(work, "run-tmpdir")
    os.mkdir(tmp)
    # What a run may find there: a folder with files, a plain file, a FIFO.
    os.mkdir(os.path.join(work, "existing"))
    open(os.path.join(work, "existing", "keep.txt"), "w").write("keep\n")
    open(os.path.join(work, "afile"), "w").write("a file\n")
    os.mkfifo(os.path.join(work, "fifo.gif"))
    before = tree(work)
    env = dict(os.environ, TMPDIR=tmp, ARCMASK_CACHE_DIR=os.path.join(tmp, "cache"))
    env.pop("ARCMASK_NO_PROGRESS", None)

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.setsid()

    start = time.monotonic()
    p = subprocess.Popen([binary] + line, cwd=work, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, preexec_fn=limits)
    timed_out = False
    try:
        out, err = p.communicate(timeout=time_limit)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
    elapsed = time.monotonic() - start
    problems = []
    code = p.returncode
    if timed_out:
        problems.append(f"timeout after {time_limit} s")
    elif code < 0:
        problems.append(f"signal {signal.Signals(-code).name}")
    elif code == 70:
        problems.append("exit 70 (internal error)")
    elif code not in (0, 1, 2, 64):
        problems.append(f"exit {code}")
    if not timed_out:
        left = leftovers(work)
        if left:
            problems.append(f"left behind: {', '.join(left[:4])}")
        locks = os.path.join(tmp, "arcmask-locks")
        if os.path.isdir(locks) and os.listdir(locks):
            problems.append(f"lock files left: {len(os.listdir(locks))}")
        if code != 0:
            after = tree(work)
            changed = sorted(k for k in set(before) | set(after)
                             if not k.startswith("run-tmpdir") and before.get(k) != after.get(k))
            if changed:
                problems.append(f"failed (exit {code}) but changed: {', '.join(changed[:4])}")
    lines = err.decode("utf-8", "replace").strip().splitlines() or [""]
    msg = next((l for l in lines if l.startswith("Error:")), lines[-1])[:200]
    shutil.rmtree(work, ignore_errors=True)
    return code, problems, elapsed, msg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--runs", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--memory-mb", type=int, default=4096)
    ap.add_argument("--reasons", type=int, default=0, metavar="N",
                    help="print the N most common refusals (exit 64), to see where lines stop")
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    rng = random.Random(a.seed)
    base = tempfile.mkdtemp(prefix="arcmask-cli-fuzz-")
    inputs_dir = os.path.join(base, "inputs")
    os.mkdir(inputs_dir)
    inputs = Inputs(inputs_dir, rng)
    # Inputs are read through absolute paths (and a few relative ones inside each run's folder).
    inputs.files += ["fifo.gif", "existing", "afile"]
    cmds = list(commands(dump_help(binary)))
    lines = []
    for _ in range(a.runs):
        words, args = rng.choice(cmds)
        lines.append(build_line(rng, words, args, inputs))
    modes = {}

    findings = []
    codes = {}
    reasons = {}
    slowest = (0.0, None)
    done = 0
    interactive = sys.stderr.isatty()

    def work(entry):
        mode, line = entry
        return mode, line, run_one(binary, line, base, a.time_limit, a.memory_mb)

    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for mode, line, (code, problems, elapsed, msg) in pool.map(work, lines):
            done += 1
            codes[code] = codes.get(code, 0) + 1
            modes.setdefault(mode, {})
            modes[mode][code] = modes[mode].get(code, 0) + 1
            if code in (1, 64) and a.reasons:
                key = re.sub(r"'[^']*'|\"[^\"]*\"|[0-9][0-9.,e+-]*", "…", msg)[:110]
                reasons[(code, key)] = reasons.get((code, key), 0) + 1
            if elapsed > slowest[0]:
                slowest = (elapsed, line)
            if problems:
                findings.append((line, problems, msg))
                print(f"FINDING: {'; '.join(problems)}\n  arcmask {shlex.join(line)}\n  {msg}", flush=True)
            if interactive:
                print(f"\rcli fuzz: {done}/{len(lines)}, {len(findings)} findings", end="", file=sys.stderr)
    if interactive:
        print(file=sys.stderr)
    changed = [p for p, d in inputs.digest().items() if inputs.digests.get(p) != d]
    if changed:
        findings.append((["(inputs)"], [f"inputs changed: {', '.join(changed[:4])}"], ""))
        print(f"FINDING: inputs changed: {changed[:4]}")
    shutil.rmtree(base, ignore_errors=True)
    for (code, key), n in sorted(reasons.items(), key=lambda kv: -kv[1])[: a.reasons]:
        print(f"{n:6d}  exit {code}  {key}")
    for mode, c in sorted(modes.items()):
        print(f"{mode} lines: " + ", ".join(f"exit {k}: {v}" for k, v in sorted(c.items())))
    summary = ", ".join(f"exit {k}: {v}" for k, v in sorted(codes.items()))
    print(f"cli fuzz: {len(lines)} command lines (seed {a.seed}, {len(cmds)} commands), {summary}; "
          f"slowest {slowest[0]:.1f} s; {len(findings)} finding{'s' if len(findings) != 1 else ''}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
