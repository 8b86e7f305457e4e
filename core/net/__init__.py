"""Online play: two people at different screens play one game through an MQTT broker.

The parts, each a module:

- :mod:`tafel.net.codes`: room codes of words, and the keys, topics and spectator code from them;
- :mod:`tafel.net.wire`: sealing and opening messages (AES-GCM, numbered, bounded, counted);
- :mod:`tafel.net.game`: the room's game without a network, as the host keeps it;
- :mod:`tafel.net.guest`: the guest's and spectators' copy of it, checked against the rules;
- :mod:`tafel.net.session`: one side of a room on a broker, in a thread of its own;
- :mod:`tafel.net.broker`: the broker inside Tafel for a LAN, and its zeroconf announcement;
- :mod:`tafel.net.remote`: a remote player for the play screen (poll for moves, send moves).

NETWORK.md at the top of the repository says what goes over the wire, for another client.
These modules need the ``online`` extra (paho-mqtt, amqtt, zeroconf, cryptography).
"""
