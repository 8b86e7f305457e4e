"""The player's settings, kept between runs in ``settings.json`` in the data folder.

A missing, damaged or partly wrong file never stops the arcade: unknown keys are ignored and
bad values fall back to their defaults, one by one. A file that is no JSON object at all (bad
JSON, nested too deeply, too large, not a regular file) is moved aside to
``settings.json.corrupt`` with one line on stderr, and the defaults are used.

>>> s = Settings.from_dict({"mute": True, "ui_scale": "huge", "anim_speed": 0.5})
>>> s.mute, s.ui_scale, s.anim_speed
(True, 1.0, 0.5)
>>> Settings().think_factor
1.0
>>> broker_url(" MQTT://Broker.example.org "), broker_url("mqtts://b.example:8884")
('mqtt://broker.example.org:1883', 'mqtts://b.example:8884')
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from urllib.parse import urlsplit

from tafel.ai.base import LEVELS
from tafel.datadir import atomic_write, data_dir, load_json_file
from tafel.i18n import LANGUAGES, N_, _

#: A settings file larger than this is refused (moved aside).
MAX_BYTES = 1024 * 1024

FILE_NAME = "settings.json"

#: A setting's value: on or off, a number (a scale, a volume, a speed) or a text (a level, a language).
Value = bool | float | str

#: Allowed values of the settings with a fixed list, with labels for the settings screen.
CHOICES: dict[str, tuple[tuple[Value, str], ...]] = {
    "ui_scale": ((0.8, "80 %"), (0.9, "90 %"), (1.0, "100 %"), (1.15, "115 %"), (1.3, "130 %")),
    "anim_speed": ((0.0, N_("Off")), (0.5, N_("Fast")), (1.0, N_("Normal")), (1.6, N_("Slow"))),
    "ai_level": tuple((level, level.capitalize()) for level in LEVELS),
    "think_factor": (
        (0.5, N_("Half")),
        (1.0, N_("Level default")),
        (2.0, N_("Double")),
        (4.0, N_("Four times")),
    ),
    # "" follows the system's language; the languages' names are written in their own language.
    "language": (("", N_("System language")), *LANGUAGES),
}
#: The AI levels' names, for the catalog (shown through ``_``).
LEVEL_NAMES = (N_("Easy"), N_("Medium"), N_("Hard"))
VOLUME_STEPS = tuple(i / 10 for i in range(11))


@dataclass
class Settings:
    """Every setting with its default."""

    fullscreen: bool = True
    #: Multiplies the size of everything on screen (text, buttons, panels).
    ui_scale: float = 1.0
    music_volume: float = 0.5
    effects_volume: float = 0.8
    mute: bool = False
    #: Multiplier for animation durations (``ViewContext.anim_speed``): 0 turns animations off.
    anim_speed: float = 1.0
    colorblind: bool = False
    #: The level new AI seats get in the setup screen.
    ai_level: str = "medium"
    #: Multiplies each AI level's own think time.
    think_factor: float = 1.0
    show_legal: bool = True
    show_last: bool = True
    #: Ask before "Back to menu" and "Quit" in a game under way (on by default: the autosave keeps
    #: the game, but a new game of the same kind replaces it).
    confirm_leave: bool = True
    #: The language of the screens: "" follows the system, or a code of ``tafel.i18n.LANGUAGES``.
    language: str = ""
    #: The MQTT broker Play online uses to host and join (``mqtt://HOST:PORT``, ``mqtts://`` for
    #: TLS); "" starts the broker inside Tafel and looks on the LAN (:func:`broker_url` checks it).
    broker: str = ""

    # --- reading and writing --------------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from parsed JSON; anything missing or wrong keeps its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for f in fields(cls):
            if f.name not in data:
                continue
            value = _valid(f.name, data[f.name], getattr(settings, f.name))
            setattr(settings, f.name, value)
        return settings

    def to_dict(self) -> dict[str, Value]:
        return asdict(self)

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The settings in ``path`` (default :func:`settings_path`); the defaults when there is
        none, and when it cannot be used (it is moved aside, with one line on stderr)."""
        path = path or settings_path()
        data, problem = load_json_file(
            path,
            "settings file",
            limit=MAX_BYTES,
            check=lambda d: None if isinstance(d, dict) else "not a JSON object",
        )
        if problem is not None:
            print(f"tafel: {problem}; using the default settings", file=sys.stderr)
        return cls.from_dict(data)

    def save(self, path: Path | None = None) -> bool:
        """Write the settings; False (and a line on stderr) when the disk refuses."""
        path = path or settings_path()
        try:
            atomic_write(path, json.dumps(self.to_dict(), indent=2, sort_keys=True) + "\n")
        except OSError as exc:
            print(f"tafel: could not save settings to {path}: {exc}", file=sys.stderr)
            return False
        return True

    # --- derived ---------------------------------------------------------------------------------

    @property
    def effects_gain(self) -> float:
        return 0.0 if self.mute else self.effects_volume

    @property
    def music_gain(self) -> float:
        return 0.0 if self.mute else self.music_volume


def _valid(name: str, value: object, default: Value) -> Value:
    if isinstance(default, bool):
        return value if isinstance(value, bool) else default
    if name in CHOICES:
        for choice, _label in CHOICES[name]:
            if value == choice and type(value) is not bool:
                return choice
        return default
    if name == "broker":
        try:
            return broker_url(value) if isinstance(value, str) else default
        except ValueError:
            return default
    if name.endswith("_volume"):
        if isinstance(value, int) and not isinstance(value, bool):
            return float(min(1, max(0, value)))  # huge integers too, without float()
        if isinstance(value, float) and math.isfinite(value):
            return round(min(1.0, max(0.0, value)), 2)
        return default
    return value if type(value) is type(default) else default


#: The broker's ports when the URL names none (MQTT's registered ports).
BROKER_PORTS = {"mqtt": 1883, "mqtts": 8883}


def broker_url(text: str) -> str:
    """A broker's URL as the settings keep it (``mqtt://host:port``), "" for none. Raises ValueError
    with a line for the screen when ``text`` is not ``mqtt://HOST[:PORT]`` or ``mqtts://HOST[:PORT]``.

    >>> broker_url(""), broker_url("mqtt://[::1]:1884")
    ('', 'mqtt://[::1]:1884')
    """
    text = text.strip()
    if not text:
        return ""
    parts = urlsplit(text)
    scheme = parts.scheme.lower()
    if scheme not in BROKER_PORTS or len(text) > 300:
        raise ValueError(_("Use mqtt://HOST:PORT or mqtts://HOST:PORT"))
    try:
        port = parts.port if parts.port is not None else BROKER_PORTS[scheme]
    except ValueError:
        raise ValueError(_("The port must be a number from 1 to 65535")) from None
    host = parts.hostname or ""
    if not host or parts.path not in ("", "/") or parts.query or parts.username or " " in host:
        raise ValueError(_("Use mqtt://HOST:PORT or mqtts://HOST:PORT"))
    if not 0 < port < 65536:
        raise ValueError(_("The port must be a number from 1 to 65535"))
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}"


def settings_path() -> Path:
    return data_dir() / FILE_NAME


def label_of(name: str, value: Value) -> str:
    """How the settings screen shows ``value`` of setting ``name``, in the current language.

    >>> label_of("anim_speed", 0.0), label_of("effects_volume", 0.8), label_of("mute", True)
    ('Off', '80 %', 'on')
    """
    if isinstance(value, bool):
        return _("on") if value else _("off")
    for choice, label in CHOICES.get(name, ()):
        if choice == value:
            return label if name == "language" and choice else _(label)
    if name.endswith("_volume") and isinstance(value, (int, float)):
        return f"{round(value * 100)} %"
    return str(value)


def step(name: str, value: Value, delta: int) -> Value:
    """The next (``delta`` 1) or previous (-1) value of a setting, wrapping round.

    >>> step("anim_speed", 1.0, 1), step("effects_volume", 1.0, 1), step("mute", False, 1)
    (1.6, 0.0, True)
    """
    if isinstance(value, bool):
        return not value
    if name in CHOICES:
        values = [v for v, _ in CHOICES[name]]
    elif name.endswith("_volume"):
        values = list(VOLUME_STEPS)
    else:
        return value
    if value in values:
        i = values.index(value)
    elif isinstance(value, (int, float)):
        number = value
        i = min(range(len(values)), key=lambda k: abs(_number(values[k]) - number))
    else:
        i = 0
    return values[(i + delta) % len(values)]


def _number(value: Value) -> float:
    """A numeric setting's value as a number (a text counts as 0: it never stands among numbers)."""
    return float(value) if isinstance(value, (int, float)) else 0.0
