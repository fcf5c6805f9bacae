"""BOOK_BARE_FROM: the bare venv of tests/test_bare_environment.py can take its packages from
another venv (another torch release) instead of the book's; a fast check of that choice."""
import pytest

import bare_environment as bare


def _dist(site, name, requires=()):
    info = site / f"{name}-1.0.dist-info"
    info.mkdir()
    lines = ["Metadata-Version: 2.1", f"Name: {name}", "Version: 1.0"] + [f"Requires-Dist: {r}" for r in requires]
    (info / "METADATA").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (info / "RECORD").write_text(f"{name}/__init__.py,,\n", encoding="utf-8")
    (site / name).mkdir()


def test_unset_means_the_books_venv(monkeypatch):
    monkeypatch.delenv("BOOK_BARE_FROM", raising=False)
    assert bare.source_site() is None
    assert "torch" in {d.metadata["Name"] for d in bare.distributions()}


def test_another_venv_gives_its_own_packages_only(tmp_path, monkeypatch):
    monkeypatch.setenv("BOOK_BARE_FROM", str(tmp_path))
    with pytest.raises(FileNotFoundError):  # a folder that is not a venv
        bare.source_site()
    site = tmp_path / "lib" / "python3.11" / "site-packages"
    site.mkdir(parents=True)
    _dist(site, "torch", requires=["filelock", "sympy>=1"])
    _dist(site, "filelock")
    path = bare.source_site()
    assert path == [str(site)]
    found = {d.metadata["Name"]: d for d in bare.distributions(("torch",), path=path)}
    # sympy is in the book's venv but not in this one: it is not taken from the book's
    assert set(found) == {"torch", "filelock"}
    assert all(str(site) in str(d.locate_file("")) for d in found.values())
