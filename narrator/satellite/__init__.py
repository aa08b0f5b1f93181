"""A Wyoming voice satellite as the judge's mouth and ears (Home Assistant's and Rhasspy's protocol)."""

import warnings

with warnings.catch_warnings():
    # wyoming converts audio with the standard library's audioop while there is one (until
    # Python 3.13), whose import warns that it is deprecated: nothing the judge can change.
    warnings.filterwarnings("ignore", "'audioop' is deprecated", DeprecationWarning)
    import wyoming.audio  # noqa: F401
