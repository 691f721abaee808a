"""`./run` shows pip's own progress while it installs (never minutes of silence), keeps a copy in
.venv/install.log, and says in French when the install fails. Run on a copy of the script with a fake
virtualenv (a `python` that answers `-m pip` like pip does) and a fake dpkg-query: no network, no apt."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.kinito_run import ROOT

FAKE_PYTHON = """#!/bin/sh
if [ "$1 $2" = "-m pip" ]; then
  echo "Collecting fake-package (from kinito)"
  echo "  Downloading fake_package-1.0-py3-none-any.whl (1.2 MB)"
  echo "Successfully installed fake-package-1.0"
  exit {code}
fi
exit 0
"""


def _clone(tmp_path: Path, pip_code: int) -> Path:
    clone = tmp_path / "clone"
    clone.mkdir()
    for name in ("run", "pyproject.toml", "setup.py"):
        shutil.copy2(ROOT / name, clone / name)
    bin_dir = clone / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, text in {
        "python": FAKE_PYTHON.format(code=pip_code),
        "kinito": '#!/bin/sh\necho "kinito $*"\n',
    }.items():
        (bin_dir / name).write_text(text, encoding="utf-8")
        (bin_dir / name).chmod(0o755)
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "dpkg-query").write_text('#!/bin/sh\nprintf "install ok installed"\n', encoding="utf-8")
    (tools / "dpkg-query").chmod(0o755)
    return clone


def _run(clone: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(clone / "run"), "doctor"],
        capture_output=True,
        text=True,
        cwd=clone,
        env={"PATH": f"{tmp_path / 'tools'}:/usr/bin:/bin", "HOME": str(tmp_path)},
        timeout=60,
        check=False,
    )


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("tee") is None, reason="needs bash and tee")
def test_pip_progress_is_shown_and_logged(tmp_path: Path) -> None:
    clone = _clone(tmp_path, 0)
    done = _run(clone, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "installation des paquets Python" in done.stderr
    assert "Collecting fake-package" in done.stderr and "Downloading fake_package" in done.stderr
    assert "Collecting fake-package" in (clone / ".venv" / "install.log").read_text(encoding="utf-8")
    assert done.stdout.strip() == "kinito doctor"


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("tee") is None, reason="needs bash and tee")
def test_a_failed_install_says_so_in_french(tmp_path: Path) -> None:
    done = _run(_clone(tmp_path, 1), tmp_path)
    assert done.returncode == 1
    assert "l'installation des paquets Python a échoué" in done.stderr
    assert "kinito doctor" not in done.stdout
