"""The generator's heavy files (docs/generator.md "What the page loads"): compressed once per
process and sent as they are to a browser that accepts gzip, plain to one that does not."""

from __future__ import annotations

import gzip

from fastapi.testclient import TestClient

from fairpair.web import generator_site as site


def test_heavy_files_are_sent_compressed_once(web_client: TestClient) -> None:
    for asset in site.assets():
        if asset.url.startswith("../"):
            continue  # the app's own css and scripts: the middleware's business
        url = "/generator/" + asset.url
        packed = web_client.get(url, headers={"accept-encoding": "gzip"})
        assert packed.status_code == 200, url
        assert packed.headers["content-encoding"] == "gzip", url
        assert "immutable" in packed.headers["cache-control"], url
        assert packed.content == (  # httpx decodes: the bytes of the file itself
            asset.path.read_bytes() if asset.path is not None else site.engine_bundle()
        ), url
        assert gzip.decompress(site.gzipped(asset.url)) == packed.content
    wasm = web_client.get(
        "/generator/pyodide/pyodide.asm.wasm", headers={"accept-encoding": "gzip"}
    )
    assert wasm.headers["content-type"] == "application/wasm"  # streaming compilation needs it
    plain = web_client.get(
        "/generator/pyodide/python_stdlib.zip", headers={"accept-encoding": "identity"}
    )
    assert "content-encoding" not in plain.headers
    assert plain.content == (site.PYODIDE / "python_stdlib.zip").read_bytes()
    missing = web_client.get("/generator/wheels/numpy-2.0.whl", headers={"accept-encoding": "gzip"})
    assert missing.status_code == 404
