#!/usr/bin/env python3
"""Packs, unpacks and merges the fuzz targets' kept corpora (fuzz/corpus/NAME.tar.xz).

Each fuzz target's kept inputs (its merged corpus, the seeds made by hand and every
crash input ever found) are ONE archive, fuzz/corpus/NAME.tar.xz, holding NAME/FILE
for each input: tens of thousands of small files slowed every clone and `git status`.
The build unpacks each archive into its own folder (BUILD/fuzz/corpus/NAME, again
whenever the archive changes), where the replay tests and the fuzzers read it.

    scripts/fuzz-corpus.py list                      inputs and size of each archive
    scripts/fuzz-corpus.py unpack NAME DIR           DIR/NAME := the archive's inputs
    scripts/fuzz-corpus.py pack NAME DIR             the archive := the files under DIR
    scripts/fuzz-corpus.py add NAME FILE...          keep these inputs too (crash inputs)
    scripts/fuzz-corpus.py repack NAME               the archive := its own inputs, packed as pack does
    scripts/fuzz-corpus.py merge NAME FUZZER DIR...  add what libFuzzer's -merge=1 keeps of DIR...
    scripts/fuzz-corpus.py minimize [--max-ms MS] NAME FUZZER [DIR...]  the fastest inputs that keep the coverage
    scripts/fuzz-corpus.py check [--bytes] [NAME...] each archive is as `pack` makes it
    scripts/fuzz-corpus.py --self-test               shows that check, merge and minimize work

An archive is reproducible: the same inputs give the same bytes. Its members are the
regular files in name order, each with mode 0644, owner and group 0 without names and
time 0, in a POSIX tar, compressed by xz at its highest setting (-9e), with a dictionary
no larger than the tar needs. (xz: 1.07 MB for the ten corpora of 2026-12-03, gzip -9:
1.92 MB; both `cmake -E tar` and GNU tar read it.) `check` reads each archive back and
wants that tar, byte for byte (fast: the replay build runs it as a test); with --bytes it
also compresses it again and wants the archive's bytes (about 20 s for all ten).

`merge` unpacks the archive into a scratch folder, runs `FUZZER -merge=1 SCRATCH DIR...`
(libFuzzer keeps every file already in the first folder and copies in each input of the
others that adds coverage) and packs the result: kept inputs are never dropped. `add`
keeps files as they are, whatever their coverage: a crash input, once fixed, may add
none, and is kept as a regression test all the same.

`minimize` makes the archive the smallest set of inputs, its own and those of DIR...,
that the fuzzer finds to cover what they all cover, preferring fast inputs, since the
replay test runs every kept input under the sanitizers: it times each input (the fuzzer
run on files prints each one's milliseconds), then merges them into an empty folder in
tiers of time (under 1 ms, under 4, 16, 64, then the rest), each tier adding only the
inputs that cover something the faster ones do not (libFuzzer's own merge prefers the
shorter of two inputs, not the faster). Inputs with a name of their own (`crash-*`,
`seed-*`: not a 40-digit hash) are kept whatever their coverage. With --max-ms, inputs
that take MS milliseconds or more are left out, whatever they cover (it says how many):
the fuzzer still meets them, the replay test no longer does. Standard library only.
"""

import io
import lzma
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "fuzz" / "corpus"
SUFFIX = ".tar.xz"


def archive_path(corpus, name):
    return Path(corpus) / f"{name}{SUFFIX}"


def tar_bytes(name, inputs):
    """The canonical tar of inputs, a {relative name: bytes} map, each as NAME/relative."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for rel in sorted(inputs):
            info = tarfile.TarInfo(f"{name}/{rel}")
            info.size = len(inputs[rel])
            info.mtime, info.mode, info.uid, info.gid = 0, 0o644, 0, 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(inputs[rel]))
    return out.getvalue()


def compress(raw):
    # -9e's 64 MiB dictionary would only cost the reader memory: the largest tar is 9 MB.
    dict_size = max(1 << 20, min(1 << 26, 1 << max(0, len(raw) - 1).bit_length()))
    filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": dict_size}]
    return lzma.compress(raw, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64, filters=filters)


def read_folder(folder):
    """{path relative to folder: bytes} of every regular file under folder."""
    folder = Path(folder)
    inputs = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            inputs[path.relative_to(folder).as_posix()] = path.read_bytes()
    return inputs


def read_archive(path, name):
    """(inputs, raw tar bytes, problems) of an archive: problems says what is not canonical."""
    raw = lzma.decompress(Path(path).read_bytes())
    inputs, problems = {}, []
    with tarfile.open(fileobj=io.BytesIO(raw), mode="r:") as tar:
        for member in tar:
            where = f"{path}: {member.name}"
            rel = member.name[len(name) + 1:]
            if not member.isfile():
                problems.append(f"{where}: not a regular file")
                continue
            if not member.name.startswith(f"{name}/") or not rel or ".." in rel.split("/"):
                problems.append(f"{where}: not under {name}/")
                continue
            if rel in inputs:
                problems.append(f"{where}: twice")
            inputs[rel] = tar.extractfile(member).read()
    return inputs, raw, problems


def write_archive(corpus, name, inputs):
    if not inputs:
        raise SystemExit(f"fuzz-corpus: no inputs for {name}")
    path = archive_path(corpus, name)
    path.write_bytes(compress(tar_bytes(name, inputs)))
    print(f"{name}: {len(inputs)} inputs, {path.stat().st_size} bytes in {path}")


def unpack(corpus, name, folder):
    inputs, _, problems = read_archive(archive_path(corpus, name), name)
    if problems:
        raise SystemExit("\n".join(problems))
    target = Path(folder) / name
    shutil.rmtree(target, ignore_errors=True)
    for rel, data in inputs.items():
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        (target / rel).write_bytes(data)
    return target, len(inputs)


def add(corpus, name, files):
    path = archive_path(corpus, name)
    inputs = read_archive(path, name)[0] if path.exists() else {}
    before = len(inputs)
    for file in map(Path, files):
        data = file.read_bytes()
        if inputs.get(file.name, data) != data:
            raise SystemExit(f"fuzz-corpus: {name} already holds a different {file.name}")
        inputs[file.name] = data
    print(f"{name}: {before} -> {len(inputs)} inputs")
    write_archive(corpus, name, inputs)


def fuzzer_merge(fuzzer, control, target, folders, quiet=False):
    """libFuzzer's -merge=1: copies into target each input of folders that adds coverage.
    Each merge needs a control file of its own: libFuzzer resumes from one it finds."""
    subprocess.run([fuzzer, "-merge=1", f"-merge_control_file={control}", str(target),
                    *map(str, folders)], check=True, capture_output=quiet)


def merge(corpus, name, fuzzer, folders):
    with tempfile.TemporaryDirectory() as scratch:
        target, before = unpack(corpus, name, scratch)
        fuzzer_merge(fuzzer, Path(scratch) / "merge-control", target, folders)
        inputs = read_folder(target)
        print(f"{name}: {before} -> {len(inputs)} inputs")
        write_archive(corpus, name, inputs)


TIERS_MS = (1, 4, 16, 64)  # minimize's tiers: under each bound, then the rest


def is_hash_name(rel):
    """libFuzzer names an input by its SHA-1: 40 hex digits. Other names were given by hand."""
    base = rel.rsplit("/", 1)[-1]
    return len(base) == 40 and all(c in "0123456789abcdef" for c in base)


def time_inputs(fuzzer, files):
    """{file: milliseconds} of one run of the fuzzer on each file, read from its output."""
    times = {}
    for start in range(0, len(files), 500):
        chunk = [str(f) for f in files[start:start + 500]]
        run = subprocess.run([fuzzer, *chunk], capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit(f"fuzz-corpus: {fuzzer} failed on an input:\n{run.stderr[-2000:]}")
        for line in run.stderr.splitlines():
            if line.startswith("Executed ") and line.endswith(" ms"):
                path, _, ms = line[len("Executed "):-len(" ms")].rpartition(" in ")
                times[path] = int(ms)
    missing = [f for f in files if str(f) not in times]
    if missing:
        raise SystemExit(f"fuzz-corpus: {fuzzer} printed no time for {missing[0]}")
    return times


def minimize(corpus, name, fuzzer, folders, max_ms=None):
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        own, before = unpack(corpus, name, scratch / "own")
        inputs = {}  # by file name: libFuzzer names an input by its content
        for folder in [own, *folders]:
            for rel, data in read_folder(folder).items():
                inputs.setdefault(Path(rel).name, data)
        named = {n: data for n, data in inputs.items() if not is_hash_name(n)}
        pool = scratch / "pool"
        pool.mkdir()
        for n, data in inputs.items():
            if n not in named:
                (pool / n).write_bytes(data)
        files = sorted(pool.iterdir())
        ms = {Path(path).name: t for path, t in time_inputs(fuzzer, files).items()}
        target = scratch / "kept"
        target.mkdir()
        bounds = [b for b in TIERS_MS if max_ms is None or b < max_ms]
        for i, (low, high) in enumerate(zip((0, *bounds), (*bounds, max_ms))):
            tier = scratch / f"tier{i}"
            tier.mkdir()
            for f in files:
                if low <= ms[f.name] and (high is None or ms[f.name] < high):
                    shutil.copy(f, tier / f.name)
            if any(tier.iterdir()):
                fuzzer_merge(fuzzer, scratch / f"control{i}", target, [tier], quiet=True)
        kept = {**read_folder(target), **named}
        total = lambda names: sum(ms.get(n, 0) for n in names)
        slow = [n for n in ms if max_ms is not None and ms[n] >= max_ms]
        print(f"{name}: {before} inputs, with the new {len(inputs)} ({total(inputs)} ms) -> "
              f"{len(kept)} ({total(kept)} ms)" +
              (f"; {len(slow)} inputs of {max_ms} ms or more left out ({total(slow)} ms)" if slow else ""))
        write_archive(corpus, name, kept)


def names(corpus, given):
    if given:
        return given
    return sorted(p.name[:-len(SUFFIX)] for p in Path(corpus).glob(f"*{SUFFIX}"))


def check(corpus, given, full):
    """Problems: each archive must be the canonical tar of its inputs (with full: and the
    canonical xz of that), and fuzz/corpus hold nothing else in git."""
    problems = []
    for name in names(corpus, given):
        path = archive_path(corpus, name)
        inputs, raw, found = read_archive(path, name)
        if not found and raw != tar_bytes(name, inputs):
            found.append(f"{path}: not packed by scripts/fuzz-corpus.py (names out of order, "
                         f"or times or owners kept)")
        elif not found and full and path.read_bytes() != compress(raw):
            found.append(f"{path}: its tar is canonical, its compression not xz -9e as `pack` makes it")
        if not inputs:
            found.append(f"{path}: no inputs")
        elif found:
            found.append(f"{path}: `scripts/fuzz-corpus.py repack {name}` packs its inputs again")
        problems += found
    listed = subprocess.run(["git", "-C", str(corpus), "ls-files", "."], capture_output=True, text=True)
    if listed.returncode == 0:
        loose = {}
        for file in listed.stdout.split():
            if "/" in file or not file.endswith(SUFFIX):
                loose.setdefault(file.split("/")[0], []).append(file)
        for where, files in sorted(loose.items()):
            problems.append(f"{Path(corpus) / where}: {len(files)} files in git beside the archives "
                            f"(pack them and `git rm` them)")
    return problems


def self_test():
    """The check passes on what pack makes and fails on a tar made with times and out of
    order; pack is reproducible; unpack gives back every input; merge keeps every input
    and adds what the fuzzer's merge added; add keeps a crash input; minimize keeps the
    faster of two inputs alike, and with --max-ms leaves the slow ones out."""
    failures = []

    def expect(what, ok):
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        corpus, source = scratch / "corpus", scratch / "source"
        corpus.mkdir()
        (source / "sub").mkdir(parents=True)
        for i, rel in enumerate(["b", "a", "sub/c", "crash-1"]):
            (source / rel).write_bytes(bytes([i]) * (i + 1))
        write_archive(corpus, "t", read_folder(source))
        first = archive_path(corpus, "t").read_bytes()
        for path in source.rglob("*"):
            os.utime(path, (12345, 12345))
        write_archive(corpus, "t", read_folder(source))
        expect("pack is reproducible", archive_path(corpus, "t").read_bytes() == first)
        expect("check passes on a packed archive", check(corpus, ["t"], full=True) == [])
        target, count = unpack(corpus, "t", scratch / "out")
        expect("unpack gives every input back", count == 4 and read_folder(target) == read_folder(source))

        with tarfile.open(archive_path(corpus, "u"), "w:xz") as tar:  # by hand: times kept
            for rel in ["b", "a"]:
                tar.add(source / rel, f"u/{rel}")
        expect("check fails on an archive packed by hand", check(corpus, ["u"], full=False) != [])
        archive_path(corpus, "u").unlink()

        new = scratch / "new"
        new.mkdir()
        (new / "found").write_bytes(b"new coverage")
        (new / "same").write_bytes(b"no new coverage")
        fake = scratch / "fuzzer"  # libFuzzer's -merge=1 copies into the first folder
        fake.write_text("#!/bin/sh\n[ \"$1\" = -merge=1 ] || exit 9\ncp \"$4/found\" \"$3/\"\n")
        fake.chmod(0o755)
        merge(corpus, "t", str(fake), [new])
        merged = read_archive(archive_path(corpus, "t"), "t")[0]
        expect("merge keeps every input and adds the new one",
               set(merged) == {"a", "b", "sub/c", "crash-1", "found"})
        (new / "crash-2").write_bytes(b"\0")
        add(corpus, "t", [new / "crash-2"])
        expect("add keeps a crash input", "crash-2" in read_archive(archive_path(corpus, "t"), "t")[0])

        # minimize: a fake fuzzer whose inputs say their coverage and time ("a 20").
        own, fast, slow = scratch / "own", scratch / "fast", scratch / "slow"
        for folder, files in [(own, {"a": b"a 50", "seed-1": b"z 0"}), (fast, {"b": b"a 0", "c": b"b 2"}),
                              (slow, {"d": b"c 90", "e": b"b 90"})]:
            folder.mkdir()
            for file, data in files.items():
                (folder / (file * 40 if len(file) == 1 else file)).write_bytes(data)
        write_archive(corpus, "m", read_folder(own))
        fake.write_text(f"""#!{sys.executable}
import shutil, sys
from pathlib import Path
if sys.argv[1] == "-merge=1":
    target, tier = Path(sys.argv[3]), Path(sys.argv[4])
    seen = {{f.read_text().split()[0] for f in target.iterdir()}}
    for f in sorted(tier.iterdir()):
        if f.read_text().split()[0] not in seen:
            seen.add(f.read_text().split()[0])
            shutil.copy(f, target / f.name)
else:
    for f in sys.argv[1:]:
        print(f"Executed {{f}} in {{Path(f).read_text().split()[1]}} ms", file=sys.stderr)
""")
        minimize(corpus, "m", str(fake), [fast, slow])
        kept = read_archive(archive_path(corpus, "m"), "m")[0]
        expect("minimize keeps the faster of two inputs alike (dropping a kept one), a slow one "
               "with new coverage, and a named one",
               kept == {"b" * 40: b"a 0", "c" * 40: b"b 2", "d" * 40: b"c 90", "seed-1": b"z 0"})
        minimize(corpus, "m", str(fake), [], max_ms=50)
        kept = read_archive(archive_path(corpus, "m"), "m")[0]
        expect("minimize --max-ms leaves out the slow input",
               kept == {"b" * 40: b"a 0", "c" * 40: b"b 2", "seed-1": b"z 0"})
    for what in failures:
        print(f"self-test: expected: {what}")
    return 1 if failures else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    command, args = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    if command == "list" and not args:
        for name in names(CORPUS, []):
            path = archive_path(CORPUS, name)
            print(f"{name}: {len(read_archive(path, name)[0])} inputs, {path.stat().st_size} bytes")
        return 0
    if command == "unpack" and len(args) == 2:
        target, count = unpack(CORPUS, args[0], args[1])
        print(f"{args[0]}: {count} inputs in {target}")
        return 0
    if command == "pack" and len(args) == 2:
        write_archive(CORPUS, args[0], read_folder(args[1]))
        return 0
    if command == "add" and args:
        add(CORPUS, args[0], args[1:])
        return 0
    if command == "repack" and len(args) == 1:
        add(CORPUS, args[0], [])
        return 0
    if command == "merge" and len(args) >= 3:
        merge(CORPUS, args[0], args[1], args[2:])
        return 0
    if command == "minimize" and len(args) >= 4 and args[0] == "--max-ms" and args[1].isdigit():
        minimize(CORPUS, args[2], args[3], args[4:], int(args[1]))
        return 0
    if command == "minimize" and len(args) >= 2 and not args[0].startswith("-"):
        minimize(CORPUS, args[0], args[1], args[2:])
        return 0
    if command == "check":
        full = "--bytes" in args
        problems = check(CORPUS, [a for a in args if a != "--bytes"], full)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    print(__doc__.split("\n\n")[2], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
