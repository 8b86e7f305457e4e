"""Translations: gettext catalogs (one domain for the core, one per plugin), the current language,
and numbers and dates in the local format.

Catalogs are ``.po`` files shipped inside a package, at
``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``; they are compiled in memory with Babel
the first time a language needs them (no build step, so an editable checkout works as it is).
A precompiled ``.mo`` beside a ``.po`` is taken as it is.

Strings are translated where they are shown, not where they are defined, since the language can
change while the arcade runs: a definition marks a text with :func:`N_` (found by
``pybabel extract``, returned unchanged) and the screen calls :func:`_` on it.

The language is English (``en``, the texts in the source) or German (``de``). At start it comes
from ``--lang``, then ``TAFEL_LANG``, then the saved setting, then the system (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``); :func:`set_language` changes it at once.

>>> with language("en"):
...     _("Settings"), format_number(1234.5)
('Settings', '1,234.5')
>>> with language("de"):
...     _("Settings"), format_number(1234.5), format_percent(0.5)
('Einstellungen', '1.234,5', '50\xa0%')

A plugin's own catalog, through the public API (``tafel.translations``):

>>> _tr = translations("tafel")  # the core's own domain, for the example
>>> with language("de"):
...     _tr("Back"), _tr.ngettext("{n} move", "{n} moves", 2).format(n=2)
('Zurück', '2 Züge')
"""

from __future__ import annotations

import gettext
import io
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import lru_cache
from importlib import resources

#: The languages Tafel speaks: code and name (in that language).
LANGUAGES: tuple[tuple[str, str], ...] = (("en", "English"), ("de", "Deutsch"))
CODES = tuple(code for code, _name in LANGUAGES)
DEFAULT = "en"
#: The core's gettext domain (core/locale/<lang>/LC_MESSAGES/tafel.po).
CORE_DOMAIN = "tafel"

_state = {"lang": DEFAULT}
_catalogs: dict[tuple[str, str, str], gettext.NullTranslations] = {}


def normalize(code: str | None) -> str | None:
    """A language code Tafel speaks for a locale name, or None: ``de_DE.UTF-8`` -> ``de``.

    >>> normalize("de_AT.UTF-8"), normalize("EN"), normalize("C"), normalize("fr_FR"), normalize("")
    ('de', 'en', 'en', None, None)
    """
    if not code:
        return None
    base = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if base in ("c", "posix"):
        return "en"
    return base if base in CODES else None


def system_language() -> str:
    """The system's language if Tafel speaks it, else English (``LANGUAGE`` may list several)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            code = normalize(part)
            if code:
                return code
        return DEFAULT
    return DEFAULT


def choose_language(flag: str | None = None, setting: str | None = None) -> str:
    """The language to start with: ``--lang``, ``TAFEL_LANG``, the setting, then the system."""
    for candidate in (flag, os.environ.get("TAFEL_LANG"), setting):
        code = normalize(candidate)
        if code:
            return code
    return system_language()


def set_language(code: str | None) -> str:
    """Speak ``code`` from now on (anything Tafel does not speak means English); returns it."""
    _state["lang"] = normalize(code) or DEFAULT
    return _state["lang"]


def current() -> str:
    """The language spoken now, e.g. ``"de"``."""
    return _state["lang"]


@contextmanager
def language(code: str) -> Iterator[None]:
    """Speak ``code`` inside a ``with`` block (tests, rendering a picture in another language)."""
    before = current()
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


def _load(package: str, domain: str, lang: str) -> gettext.NullTranslations:
    key = (package, domain, lang)
    if key in _catalogs:
        return _catalogs[key]
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if lang != DEFAULT:
        try:
            folder = resources.files(package) / "locale" / lang / "LC_MESSAGES"
            po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
            if po.is_file():
                catalog = gettext.GNUTranslations(io.BytesIO(compile_po(po.read_bytes(), lang)))
            elif mo.is_file():
                catalog = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
        except (ModuleNotFoundError, TypeError):
            pass  # no such package, or a namespace package without files
        except Exception as exc:  # noqa: BLE001 - a plugin's damaged catalog: English, said once
            reason = f"{type(exc).__name__}: {exc}".splitlines()[0][:200]
            print(
                f"tafel: the {lang} catalog of {package} cannot be read ({reason}); its texts stay in English",
                file=sys.stderr,
            )
    _catalogs[key] = catalog
    return catalog


def compile_po(data: bytes, lang: str) -> bytes:
    """A ``.po`` file's bytes compiled to ``.mo`` bytes with Babel (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(data), locale=lang)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


class Translations:
    """The ``_`` of one gettext domain: ``_("text")`` is the text in the current language.

    ``ngettext(singular, plural, n)`` picks the plural form; ``N_`` only marks a text for
    extraction. Made by :func:`translations`; cheap to call on every frame.
    """

    def __init__(self, package: str, domain: str | None = None) -> None:
        self.package = package
        self.domain = domain or package.rsplit(".", 1)[-1]

    def _catalog(self) -> gettext.NullTranslations:
        return _load(self.package, self.domain, current())

    def __call__(self, message: str) -> str:
        return self._catalog().gettext(message) if message else message

    gettext = __call__

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog().ngettext(singular, plural, n)

    @staticmethod
    def N_(message: str) -> str:  # noqa: N802 - the gettext convention
        return message

    def __repr__(self) -> str:
        return f"Translations({self.package!r}, {self.domain!r})"


def translations(package: str, domain: str | None = None) -> Translations:
    """The ``_`` for a package's catalog (``<package>/locale/<lang>/LC_MESSAGES/<domain>.po``;
    the domain defaults to the package's last name). Plugins call it with ``__package__``."""
    return Translations(package, domain)


_core = Translations("tafel", CORE_DOMAIN)


def _(message: str) -> str:
    """The core's text ``message`` in the current language."""
    return _core(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The core's singular or plural text for ``n`` in the current language."""
    return _core.ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - the gettext convention
    """Mark ``message`` for translation where it is defined; translate it with ``_`` where shown."""
    return message


class GameTexts:
    """What ``GameDef`` inherits to show a game's own words in the current language: its title,
    description, option labels and values, seat names, outcome reasons and headlines, status
    lines and tutorial, translated from the plugin's catalog (``translations(package)``, i.e.
    ``<package>/locale/<lang>/LC_MESSAGES/<last part of package>.po``) where the core shows them,
    and its rules from ``translated_rules``. Plugins keep these words in English (marked with
    ``N_``); a word the catalog does not know is shown as it is.

    >>> from tafel import GameDef
    >>> GameDef("g", "G", "", 1, 1, None, None).translate("Red")
    'Red'
    """

    package: str
    rules: str
    translated_rules: Mapping[str, str]
    #: Templates of the reasons a game's agent gives for a hint (``GameDef.reasons``).
    reasons: Sequence[str] = ()

    def translate(self, text: str) -> str:
        """``text``, one of the game's own words, in the current language; a hint's reason made
        from one of the game's ``reasons`` with its values filled in, too (:func:`reword`)."""
        if not text or not self.package:
            return text
        catalog = translations(self.package)
        shown = catalog(text)
        if shown != text or not self.reasons:
            return shown
        return reword(text, self.reasons, catalog)

    def shown_names(self, options: Mapping[str, object]) -> list[str]:
        """The seats' names in the current language, as screens show them."""
        names = self.names(options)  # type: ignore[attr-defined]
        if getattr(self, "seat_names", None) is None:  # the core's own "Player 1", "Player 2", ...
            return [_("Player {n}").format(n=i + 1) for i in range(len(names))]
        return [self.translate(name) for name in names]

    def rules_text(self) -> str:
        """The rules in the current language: ``translated_rules[lang]`` if given, else ``rules``."""
        return self.translated_rules.get(current()) or self.rules


_FIELD = re.compile(r"\{(\w+)\}")
_PERCENT = re.compile(r"(\d+)%")


@lru_cache(maxsize=512)
def _template_pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching the English texts ``template`` makes (a field named twice
    must say the same both times)."""
    out, seen, last = [], set(), 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[last : m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        last = m.end()
    out.append(re.escape(template[last:]))
    return re.compile("".join(out))


def reword(text: str, templates: Sequence[str], translate: Callable[[str], str]) -> str:
    """``text``, written in English from one of ``templates`` (``"captures {n} stones"``), in the
    current language through ``translate`` (a game's catalog); a text none of them made stays as
    it is. For texts made in another process (an AI's, which speaks English) with values in them:
    the template is translated and the values put back, a percentage written the local way.

    >>> german = {"captures {n} stones": "schlägt {n} Steine"}.get
    >>> with language("de"):
    ...     reword("captures 4 stones", ["captures {n} stones"], german), reword("other", [], german)
    ('schlägt 4 Steine', 'other')
    """
    if current() == DEFAULT:
        return text
    for template in templates:
        m = _template_pattern(template).fullmatch(text)
        if m is None:
            continue
        values = {
            k: format_percent(int(v[:-1]) / 100) if _PERCENT.fullmatch(v) else v
            for k, v in m.groupdict().items()
        }
        return (translate(template) or template).format(**values)
    return text


# --- numbers and dates ---------------------------------------------------------------------------


def _locale() -> str:
    return {"de": "de_DE", "en": "en_US"}.get(current(), "en_US")


def format_number(value: float, digits: int | None = None) -> str:
    """``value`` in the local format (``1,234.5`` / ``1.234,5``); ``digits`` fixes the decimals."""
    if current() == DEFAULT and digits is None:
        return (
            f"{value:,}" if isinstance(value, int) else f"{value:,.10g}" if abs(value) < 1e15 else str(value)
        )
    from babel.numbers import format_decimal

    fmt = None if digits is None else "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(value, format=fmt, locale=_locale())


def format_percent(value: float, digits: int = 0) -> str:
    """``value`` (0.5) as a percentage in the local format: ``50%`` / ``50 %``."""
    from babel.numbers import format_percent as babel_percent

    if not digits:
        return babel_percent(value, locale=_locale())
    return babel_percent(value, format="#,##0." + "0" * digits + "%", locale=_locale())


def format_datetime(moment: datetime | float, kind: str = "short") -> str:
    """A date and time in the local format (``kind``: ``short``, ``medium``, ``date``)."""
    if not isinstance(moment, datetime):
        moment = datetime.fromtimestamp(moment)
    if kind == "short" and current() == DEFAULT:
        return moment.strftime("%Y-%m-%d %H:%M")
    from babel.dates import format_date
    from babel.dates import format_datetime as babel_datetime

    if kind == "date":
        return format_date(moment, format="medium", locale=_locale())
    if kind == "short":
        pattern = "dd.MM.yyyy HH:mm" if current() == "de" else "yyyy-MM-dd HH:mm"
        return babel_datetime(moment, format=pattern, locale=_locale())
    return babel_datetime(moment, format=kind, locale=_locale())
