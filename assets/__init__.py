"""Tafel's shipped assets (import name ``tafel.assets``): the DejaVu fonts in ``fonts/``.

Open them with :func:`importlib.resources.files`, never with a path climbing out of the package::

    >>> from importlib.resources import files
    >>> (files("tafel.assets") / "fonts" / "DejaVuSans.ttf").is_file()
    True
"""
