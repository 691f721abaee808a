"""`kinito play`: referee a game aloud (microphone + Vosk, or typed lines with --input text)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from assistant import speech
from assistant.commands.game_flags import add_game_flags, game_options
from assistant.core.clock import SystemClock
from assistant.errors import UserError
from assistant.game import default_game, game_names
from assistant.invocation import runnable
from assistant.paths import store_path, user_config_file
from assistant.reading import text_lines
from assistant.referee.referee import Referee, Understander
from assistant.referee.snapshot import TableObserver
from assistant.runtime.live import LiveLoop, from_heard, from_text
from assistant.runtime.resuming import resumed
from assistant.runtime.utterance import Utterance
from assistant.runtime.voices import FallbackVoice, PrintVoice, QueuedVoice, Voice
from assistant.settings.play import PlaySettings, load_settings
from assistant.settings.table import TableConfig
from assistant.store.opening import TableStore, open_store
from assistant.voice.hear.audio import AudioSource
from assistant.voice.hear.duplex import HalfDuplexGate

if TYPE_CHECKING:
    from assistant.board.server import BoardServer
    from assistant.core.game import Session
    from assistant.voice.speak.tts import Synthesizer
    from assistant.voice.wyoming.satellite import WyomingSatellite

HELP = "Arbitrer une partie à voix haute (micro et haut-parleur)."
MODEL_UNAVAILABLE = (
    "Le modèle vocal français est absent et n'a pas pu être téléchargé : lance `kinito model download`"
    " une fois connecté, ou joue au clavier avec `kinito play --input text`."
)
TEXT_FORMAT = (
    "Une ligne par phrase : « Nom: mots » (par exemple « Ana: soixante deux »),"
    " ou « table: mots » pour quelqu'un qu'on ne nomme pas."
)
"""The line format of `--input text`, said first and again after a line without a name."""
TEXT_QUIT = "Pour finir : Ctrl-D (la partie reste enregistrée)."
"""How to leave `--input text`."""
PLAY_KEYS: tuple[str, ...] = (
    *("game", "players", "slow", "wake_word"),
    *("model", "device", "db", "resume", "recover", "input", "voice_engine", "speech", "speaker_model"),
    "endpoint",
    *("tts_uri", "mic_uri", "snd_uri", "satellite_uri"),
    "board",
    "league",
)
"""Flags that may also come from the settings file (None when not given on the command line), besides
every game's settings (`game_options`)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Flags of `kinito play` (each may also come from kinito.toml)."""
    parser.add_argument("--game", choices=game_names(), help=f"le jeu (défaut {default_game()})")
    parser.add_argument("--players", help='les joueurs dans l\'ordre de la table, ex. "Ana,Bruno,Chloé"')
    add_game_flags(parser)
    parser.add_argument("--slow", help="secondes avant une faute de lenteur, ou off")
    parser.add_argument("--wake-word", dest="wake_word", help="le mot qui s'adresse à l'arbitre (arbitre)")
    parser.add_argument(
        "--config", help=f"fichier de réglages TOML (défaut : ./kinito.toml, puis {user_config_file()})"
    )
    parser.add_argument("--model", help="dossier du modèle Vosk")
    parser.add_argument("--device", help="micro : numéro ou nom du périphérique")
    parser.add_argument(
        "--speaker-model",
        dest="speaker_model",
        help="dossier de vosk-model-spk : chacun enregistre sa voix, les fautes sont attribuées à la voix",
    )
    parser.add_argument(
        "--endpoint",
        help='fin d\'énoncé de Vosk : play (défaut), model, short, ou "0.35,0.7,1.0" (secondes)',
    )
    parser.add_argument(
        "--db", help=f"fichier SQLite des parties, ou postgresql://… (défaut : {store_path()})"
    )
    parser.add_argument(
        "--league",
        help='la ligue de la soirée : les parties de toutes ses tables, un classement ("Soirée du 12")',
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const=True,
        default=None,
        metavar="N",
        help="reprendre la dernière partie en cours, ou la partie n° N (kinito history)",
    )
    parser.add_argument(
        "--recover",
        action="store_true",
        default=None,
        help="avec --resume, une partie abîmée reprend jusqu'à son dernier coup lisible (nouvelle partie)",
    )
    parser.add_argument("--input", choices=("mic", "text"), help="micro (défaut) ou texte (lignes sur stdin)")
    parser.add_argument(
        "--voice-engine",
        dest="voice_engine",
        choices=("espeak", "pyttsx3"),
        help="synthèse vocale : espeak-ng direct (défaut, plus réactif) ou pyttsx3",
    )
    parser.add_argument(
        "--tts-uri",
        dest="tts_uri",
        metavar="URI",
        help="serveur de synthèse Wyoming (ex. wyoming-piper, voix fr_FR) ; espeak-ng s'il ne répond pas",
    )
    parser.add_argument(
        "--mic-uri",
        dest="mic_uri",
        metavar="URI",
        help="micro d'un satellite Wyoming (service mic) au lieu du micro local",
    )
    parser.add_argument(
        "--snd-uri",
        dest="snd_uri",
        metavar="URI",
        help="haut-parleur d'un satellite Wyoming (service snd) au lieu de la sortie locale",
    )
    parser.add_argument(
        "--satellite",
        dest="satellite_uri",
        metavar="URI",
        help="un wyoming-satellite (tcp://hôte:10700) : son micro et son haut-parleur, sur une connexion",
    )
    parser.add_argument(
        "--no-speech", dest="speech", action="store_false", default=None, help="afficher au lieu de parler"
    )
    parser.add_argument(
        "--trust-anyway",
        dest="trust_anyway",
        action="store_true",
        help="charger le modèle même si ses sommes diffèrent de son manifeste",
    )
    parser.add_argument(
        "--board",
        metavar="[HOST:]PORT",
        help="tableau en direct pour une télé ou des téléphones (8000, ou 0.0.0.0:8000 : réseau local)",
    )


def _flags(args: argparse.Namespace) -> dict[str, Any]:
    return {k: getattr(args, k, None) for k in (*PLAY_KEYS, *game_options())}


def _voice(settings: PlaySettings, gate: HalfDuplexGate, satellite: WyomingSatellite | None = None) -> Voice:
    """The referee's voice: printed, or spoken on the local output, a sound service or a satellite."""
    printer = PrintVoice(sys.stdout)
    if not settings.speech:
        return printer
    from assistant.voice.speak.playback import Playback, SoundDevicePlayback, Speaker

    playback: Playback = SoundDevicePlayback()
    if settings.snd_uri is not None:
        from assistant.voice.wyoming.snd import WyomingPlayback

        playback = WyomingPlayback(settings.snd_uri)  # close() returns once played: the gate holds
    if satellite is not None:
        playback = satellite.playback()  # the satellite's speaker, on the microphone's connection
    speaker = Speaker(synthesizer(settings), playback, gate)
    return FallbackVoice(speaker, printer)


def synthesizer(settings: PlaySettings) -> Synthesizer:
    """The voice engine of the settings; with `tts_uri`, that Wyoming server, the engine behind it."""
    from assistant.voice.speak.synthesizers import make_synthesizer
    from assistant.voice.speak.tts import Engine

    engine: Engine = "pyttsx3" if settings.voice_engine == "pyttsx3" else "espeak"
    if settings.tts_uri is None:
        return make_synthesizer(engine)
    from assistant.voice.wyoming.tts import FallbackSynthesizer, WyomingSynthesizer

    return FallbackSynthesizer(WyomingSynthesizer(settings.tts_uri), lambda: make_synthesizer(engine))


def _model(settings: PlaySettings, trust_anyway: bool = False) -> Any:
    """The Vosk model, loaded once with the endpoint rules of the settings: found, or
    fetched where it can be; one sentence when neither works; refused when its files differ from its
    manifest (sums cached by size and time), unless `trust_anyway`."""
    from assistant.paths import cache_dir
    from assistant.voice.hear.endpoint import load_with_rules, parse_rules
    from assistant.voice.model.download import download_model
    from assistant.voice.model.files import default_download_dir, find_model
    from assistant.voice.model.trust import ensure_trusted

    rules = parse_rules(settings.endpoint)  # a bad setting is reported before any download

    try:
        path = find_model(settings.model)
    except UserError:
        if settings.model:
            raise
        print("kinito: modèle vocal absent, téléchargement…", file=sys.stderr)
        try:
            path = download_model(default_download_dir(), progress=sys.stderr, cache=cache_dir()).model
        except (UserError, OSError):
            raise UserError(MODEL_UNAVAILABLE) from None
    ensure_trusted(path, trust_anyway)
    return load_with_rules(path, rules, progress=sys.stderr).model


def _open_store(settings: PlaySettings) -> TableStore:
    return open_store(
        settings.db, league=settings.league
    )  # a file, or postgresql://... (one league, many tables)


def _table(
    settings: PlaySettings, store: TableStore, resume: bool | int
) -> tuple[TableConfig, int | None, Session[Any, Any, Any] | None]:
    """The table to referee and, with --resume [N], the stored game it continues (its own rules) and
    its session (loaded and checked once)."""
    if resume is False:
        unfinished = store.latest_unfinished()
        if unfinished is not None:  # never a silent surprise: the old game is kept, and how to go on
            print(
                f"kinito: la partie n° {unfinished} n'est pas finie ; celle-ci est une nouvelle partie. "
                f"Pour reprendre l'autre : {runnable(f'kinito play --resume {unfinished}')}",
                file=sys.stderr,
            )
        return settings.table, None, None
    wanted = None if resume is True else resume
    return resumed(store, settings.table, recover=settings.recover, wanted=wanted)


def _which(referee: Referee, store: TableStore) -> str:
    """The game as stored, or plainly not stored yet (never a number it does not have)."""
    if referee.game_id is None:
        return f"partie pas encore enregistrée dans {store.path} (nouvel essai à chaque coup)"
    return f"partie n° {referee.game_id} ({store.path})"


def _referee(
    table: TableConfig,
    game_id: int | None,
    session: Session[Any, Any, Any] | None,
    store: TableStore,
    parser: Understander | None,
) -> Referee:
    return Referee(table, SystemClock(), store=store, parser=parser, resume_id=game_id, resumed=session)


def _play_text(
    settings: PlaySettings, store: TableStore, resume: bool | int, observers: Sequence[TableObserver] = ()
) -> None:
    gate = HalfDuplexGate(SystemClock())
    referee = _referee(*_table(settings, store, resume), store, None)
    print(f"kinito: {TEXT_FORMAT} {TEXT_QUIT}", file=sys.stderr, flush=True)
    loop = LiveLoop(referee, _voice(settings, gate), observers=observers)
    print(f"kinito: {_which(referee, store)}.", file=sys.stderr, flush=True)

    def refuse(line: str) -> None:
        print(f"kinito: « {line[:60]} » : il manque le nom. {TEXT_FORMAT}", file=sys.stderr, flush=True)

    table = referee.config
    loop.run(from_text(text_lines(sys.stdin.buffer), table.players, refuse, table.wake_word))


def _play_mic(
    settings: PlaySettings,
    store: TableStore,
    resume: bool | int,
    observers: Sequence[TableObserver] = (),
    trust_anyway: bool = False,
) -> None:
    from assistant.runtime.enrolment import enrol
    from assistant.runtime.grammar_switch import respellings_for
    from assistant.runtime.hearing import hearing, microphone, satellite_microphone
    from assistant.understanding.parser import Parser
    from assistant.voice.model.loading import load_speaker_model
    from assistant.voice.speak.phonemes import default_phonetizer

    model = _model(settings, trust_anyway)
    voices_model = load_speaker_model(settings.speaker_model) if settings.speaker_model else None
    clock = SystemClock()
    gate = HalfDuplexGate(clock)

    def has_word(word: str) -> bool:
        return bool(model.vosk_model_find_word(word) >= 0)

    table, game_id, session = _table(
        settings, store, resume
    )  # a resumed game's own table decides the grammar
    back = respellings_for(table.module, table.players, table.wake_word, has_word)
    parser = Parser(
        table.module,
        table.players,
        table.wake_word,
        vigilance=table.vigilance,
        respellings=back,
        phonetizer=default_phonetizer(),
    )
    referee = _referee(table, game_id, session, store, parser)
    satellite = None
    if settings.satellite_uri is not None:
        from assistant.voice.wyoming.satellite import WyomingSatellite

        satellite = WyomingSatellite(settings.satellite_uri, clock=clock)
    voice = QueuedVoice(_voice(settings, gate, satellite))

    def source_for(loop: LiveLoop) -> AudioSource:
        if satellite is not None:
            satellite.on_lost = lambda _why: loop.say(speech.say("mic_lost"))
            satellite.on_restored = lambda: loop.say(speech.say("mic_back"))
            return satellite
        if settings.mic_uri is not None:
            return satellite_microphone(settings.mic_uri, clock, loop)
        return microphone(settings.device, clock, loop)

    ears = hearing(
        model,
        referee,
        parser,
        voice,
        source_for,
        gate,
        has_word,
        speaker_model=voices_model,
        observers=observers,
    )
    print(f"kinito: {_which(referee, store)}, j'écoute (Ctrl-C pour arrêter).", file=sys.stderr)
    heard = iter(ears.listener)
    voices = None
    if voices_model is not None and table.vigilance:  # Q11 breaches are the only thing voices attribute
        ears.early.enabled = False
        voices = enrol(table.players, (h for h in heard if h.mode == "open"), ears.loop.say)
        ears.early.enabled = True
    utterances: Iterator[Utterance] = from_heard(
        heard, parser, dual=table.vigilance, voices=voices, early=ears.early
    )
    try:
        ears.loop.run(utterances)
    finally:
        ears.listener.close()
        voice.close(timeout=5)


def run(args: argparse.Namespace) -> int:
    """Play until the input ends or Ctrl-C; the game stays in the store for --resume."""
    flags = _flags(args)
    resume = _resume_number(flags.get("resume"))
    flags["resume"] = None if resume is False else True
    settings = load_settings(flags, args.config)
    board = _board(settings.board, settings) if settings.board else None
    observers: tuple[TableObserver, ...] = (board,) if board is not None else ()
    store = _open_store(settings)
    try:
        if settings.input == "text":
            _play_text(settings, store, resume, observers)
        else:
            _play_mic(settings, store, resume, observers, bool(getattr(args, "trust_anyway", False)))
    except KeyboardInterrupt:
        print(
            f"\nkinito: partie enregistrée ; pour la continuer : {runnable('kinito play --resume')}",
            file=sys.stderr,
        )
        return 0
    finally:
        store.close()
        if board is not None:
            board.close()
    return 0


def _resume_number(value: object) -> bool | int:
    """--resume alone: True (the newest unfinished game); --resume N: N; absent: False."""
    if value is None or value is False:
        return False
    if value is True:
        return True
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()) or int(text) == 0:
        raise UserError(
            f"« {text} » n'est pas un numéro de partie.", fix="kinito history (les parties non finies)"
        )
    return int(text)


def _board(address: str, settings: PlaySettings) -> BoardServer:
    """`--board [HOST:]PORT`: start the party board (its `/leaderboard` reads the table's league);
    its address and QR code go to stderr."""
    from assistant.board.qr import qr_text
    from assistant.board.server import BoardServer, parse_address
    from assistant.store.league import ranking

    board = BoardServer(*parse_address(address), leaderboard=lambda: ranking(settings.db, settings.league))
    board.start()
    if not board.local_only:  # a QR code of 127.0.0.1 would open nothing on a phone
        print(qr_text(board.url), file=sys.stderr, end="")
    for line in board.terminal_lines():
        print(f"kinito: {line}", file=sys.stderr, flush=True)
    return board
