"""The whole site as one zip for reading offline, linked from the landing page.

build.build_landing() writes it last, into <out>/html/<name>: every edition, the landing page
and the vendored assets, under one folder; open <folder>/index.html from the unpacked zip.
In the zip the landing page has no download link (the zip does not hold itself).
"""
from __future__ import annotations

import zipfile
from pathlib import Path

from utils.book import config

ROOT = Path(__file__).resolve().parents[2]


def zip_name(root: Path = ROOT) -> str:
    """<repository name>-offline.zip, from _config.yml's repository URL."""
    return config.repository_name(root) + "-offline.zip"


def write_zip(site: Path, landing_offline: str, root: Path = ROOT) -> Path:
    """Zip ``site`` (the built html folder) into site/<zip_name>; ``landing_offline`` is the
    landing page to put in the zip in place of site/index.html."""
    target = site / zip_name(root)
    folder = target.stem
    partial = target.with_suffix(".zip.partial")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for path in sorted(site.rglob("*")):
            rel = path.relative_to(site)
            if path.is_dir() or path == target or path == partial:
                continue
            if rel.as_posix() == "index.html":
                zf.writestr(f"{folder}/index.html", landing_offline)
            else:
                zf.write(path, f"{folder}/{rel.as_posix()}")
    partial.replace(target)
    return target
