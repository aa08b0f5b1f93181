"""The one progress display of the judge's long jobs (rendering the script, downloading a model).

    bar = ProgressBar("zh-CN")               # lines: `zh-CN: 40%|████      | 120/300 [00:03<00:05]`
    bar = ProgressBar("zh-CN", unit="B")     # bytes, scaled: `… 12.1M/41.9M [00:02<00:05, 5.2MB/s]`
    bar(done, total)                         # total None: a counter with no end

A `ProgressBar` is the `(done, total)` callable that `prerender`, the neural pack and the model
download take; it draws with tqdm on stderr (or `stream`) and ends its line once `done` reaches
`total`.
"""

from __future__ import annotations

from typing import Never, TextIO

from tqdm import tqdm


class ProgressBar:
    """A tqdm bar labelled `label`, moved by calls `bar(done, total)`."""

    def __init__(self, label: str, stream: TextIO | None = None, *, unit: str = "line") -> None:
        self.label, self.stream, self.unit = label, stream, unit
        self._bar: tqdm[Never] | None = None

    def __call__(self, done: int, total: int | None) -> None:
        bar = self._bar
        if bar is None:
            bar = tqdm(
                total=total,
                initial=done,
                desc=self.label,
                unit=self.unit,
                unit_scale=self.unit == "B",
                unit_divisor=1000,
                file=self.stream,
                mininterval=0.5,
                dynamic_ncols=True,
            )
            self._bar = bar
        if total is not None and bar.total != total:
            bar.total = total
        bar.update(done - bar.n)
        if total is not None and done >= total:
            bar.close()
            self._bar = None
