"""The broker URL in Settings: typed, checked (``mqtt://HOST:PORT`` or ``mqtts://``), kept between
runs, and the one Play online's Host and Join start with."""

import pygame
import pytest

from tafel.settings import Settings, broker_url
from tafel.ui.app import App
from tafel.ui.scenes.online import OnlineScene
from tafel.ui.scenes.settings import SettingsScene


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("", ""),
        ("mqtt://127.0.0.1:1884", "mqtt://127.0.0.1:1884"),
        ("MQTTS://Broker.Example.org", "mqtts://broker.example.org:8883"),
        ("mqtt://[::1]", "mqtt://[::1]:1883"),
    ],
)
def test_good_broker_urls_are_kept_in_one_form(text, kept):
    assert broker_url(text) == kept


@pytest.mark.parametrize(
    "text", ["http://x:1883", "broker.example.org", "mqtt://", "mqtt://h:0", "mqtt://h:70000", "mqtt://h/x"]
)
def test_bad_broker_urls_are_refused_with_a_line(text):
    with pytest.raises(ValueError, match="mqtt://HOST:PORT|port"):
        broker_url(text)


def test_a_bad_broker_in_the_file_falls_back_to_none():
    assert Settings.from_dict({"broker": "ftp://x"}).broker == ""
    assert Settings.from_dict({"broker": 7}).broker == ""
    assert Settings.from_dict({"broker": "mqtt://b:1"}).broker == "mqtt://b:1"


def _type(app, text: str) -> None:
    app.scenes.top.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.scenes.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))


def test_the_broker_is_typed_in_settings_and_used_by_play_online(registry, tmp_path):
    app = App(registry, windowed=True, size=(1280, 720), settings=Settings())
    try:
        app.step()
        scene = SettingsScene(app)
        app.push(scene)
        app.step()
        row = next(r for r in scene.rows if r.key == "broker")
        scene.focus.focus("broker")
        row.on_activate()
        assert scene.editing is row
        _type(app, "http://nope")
        assert scene.error and app.settings.broker == ""  # refused: said in red, nothing kept
        app.step()
        row.on_activate()
        _type(app, "mqtt://127.0.0.2:1884")
        assert not scene.error and app.settings.broker == "mqtt://127.0.0.2:1884"
        app.step()
        online = OnlineScene(app)
        assert online.broker == "mqtt://127.0.0.2:1884"
        assert Settings.from_dict(app.settings.to_dict()).broker == "mqtt://127.0.0.2:1884"
        scene.defaults()
        assert app.settings.broker == ""
    finally:
        app.close()


def test_host_and_join_on_the_command_line_use_the_settings_broker_without_broker():
    import argparse

    from tafel.cli.online import _broker

    assert _broker(argparse.Namespace(broker=None)) is None  # none set: the broker inside Tafel
    Settings(broker="mqtt://127.0.0.2:1884").save()
    assert _broker(argparse.Namespace(broker=None)) == "mqtt://127.0.0.2:1884"
    assert _broker(argparse.Namespace(broker="mqtt://127.0.0.1:1")) == "mqtt://127.0.0.1:1"
