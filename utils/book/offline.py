"""The whole site as one zip for reading offline, linked from the landing page.

build.build_landing() writes it last, into <out>/html/<name>: every edition, the landing page
and the vendored assets, under one folder; open <folder>/index.html from the unpacked zip.
In the zip the landing page has no download link (the zip does not hold itself). Browsers do not
run the search in pages opened from a file, so the zip also holds serve.py: `python3 serve.py` in
the unpacked folder serves it on localhost, where the search works (the search page says so in the
edition's language when it is opened from a file).
"""
from __future__ import annotations

import zipfile
from pathlib import Path

from utils.book import config

ROOT = Path(__file__).resolve().parents[2]


SERVE_PY = '''"""Read this offline copy with search: python3 serve.py [PORT]

Serves this folder on http://localhost:PORT (8000, or any free port if 8000 is taken) and opens
the browser there. Browsers do not run the search in pages opened straight from a file.
Ctrl+C stops it.
"""
import functools, http.server, pathlib, sys, webbrowser

folder = pathlib.Path(__file__).resolve().parent
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
handler.func.log_message = lambda *args: None
port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
try:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
except OSError:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
url = f"http://localhost:{server.server_address[1]}/index.html"
print(f"Open {url}  (Ctrl+C stops)", flush=True)
if len(sys.argv) <= 2:  # serve.py PORT --no-browser: no browser (the tests)
    webbrowser.open(url)
with server:
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
'''


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
        zf.writestr(f"{folder}/serve.py", SERVE_PY)
    partial.replace(target)
    return target
