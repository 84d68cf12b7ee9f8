#!/usr/bin/env python3
"""CI fails on a new warning: every build that scripts/test.sh configures (through
scripts/setup.sh or `cmake -S`) has -DDLX_WERROR=ON, and each build's log is
searched for warnings the compiler flag cannot turn into errors (the linker's).

  check_ci.py scripts/test.sh        exit 0, or 1 naming what is missing

It also checks itself: the same script without the flag, or without a log check,
must be reported.
"""

import re
import sys
from pathlib import Path


def problems(script):
    text = re.sub(r"\\\n", " ", script)  # join continued lines
    found = []
    configures = [line for line in text.split("\n")
                  if re.search(r"\bcmake -S\b|\bscripts/setup\.sh\b", line)
                  and not line.lstrip().startswith("#")]
    if len(configures) < 3:
        found.append(f"expected three builds (Release, sanitizers, TSan), found {len(configures)}")
    for line in configures:
        if "-DDLX_WERROR=ON" not in line:
            found.append(f"a build without -DDLX_WERROR=ON: {line.strip()}")
    builds = {"build/release"} | set(re.findall(r"-B (build/\w+)", " ".join(configures)))
    for build in sorted(builds):
        if not re.search(rf"check_log\s+{re.escape(build)}\b", text):
            found.append(f"{build}'s build log is not checked for warnings (check_log {build})")
    return found


def main():
    script = Path(sys.argv[1]).read_text()
    found = problems(script)
    for broken in (script.replace("-DDLX_WERROR=ON", "", 1),
                   re.sub(r"check_log build/release", "true", script)):
        if not problems(broken):
            found.append("the check does not see a build without the flag or its log check")
    for p in found:
        print(f"{sys.argv[1]}: {p}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
