"""The enums of the C++ facade (bindings/facade/libcube_bind.hpp), written out so that editors and type
checkers know them; tests/test_enums.py checks them against the extension module."""
import enum


class Status(enum.IntEnum):
    OK = 0
    INVALID_ARGUMENT = -1
    PARSE = -2
    INVALID_CUBE = -3
    UNSOLVABLE = -4
    NO_MEMORY = -5
    IO = -6
    NOT_FOUND = -7
    TIMEOUT = -8
    CANCELLED = -9
    BUFFER_TOO_SMALL = -10
    UNSUPPORTED = -11
    CORRUPT = -12
    INTERNAL = -13


class Metric(enum.IntEnum):
    HTM = 0
    QTM = 1
    STM = 2


class MoveKind(enum.IntEnum):
    U = 0
    R = 1
    F = 2
    D = 3
    L = 4
    B = 5
    UW = 6
    RW = 7
    FW = 8
    DW = 9
    LW = 10
    BW = 11
    M = 12
    E = 13
    S = 14
    X = 15
    Y = 16
    Z = 17


class Face(enum.IntEnum):
    U = 0
    R = 1
    F = 2
    D = 3
    L = 4
    B = 5


class RobotFamily(enum.IntEnum):
    SIX_MOTOR = 1
    FOUR_ARM = 2
    TWO_GRIPPER = 3
    TURNTABLE_FLIPPER = 4
    HOLD_FLIP = 5
    DESCRIBED = 6


class ActionKind(enum.IntEnum):
    TURN = 1
    GRIP = 2
    FLIP = 3


class PlanStrategy(enum.IntEnum):
    OPTIMAL = 0
    GREEDY = 1
    NAIVE = 2


class PlanFinish(enum.IntEnum):
    REST = 0
    ANYWHERE = 1


class TablePolicy(enum.IntEnum):
    FULL = 0
    AUTO = 1
    COMPACT = 2


class StopLevel(enum.IntEnum):
    HALT = 1
    DEENERGIZE = 2


class DriverState(enum.IntEnum):
    IDLE = 0
    BUSY = 1
    STOPPED = 2
    FAULT = 3


class FaultCode(enum.IntEnum):
    NONE = 0
    DEVICE = 1
    COMMUNICATION = 2
    TIMEOUT = 3
    REFUSED = 4
    MISMATCH = 5
    CANCELLED = 6
    POSITION = 7
    HUNG = 8
    OTHER = 9


class ProgressEvent(enum.IntEnum):
    STAGE = 0
    NOTICE = 1


class TableFolderRole(enum.IntEnum):
    ENV = 0
    CACHE = 1
    SYSTEM = 2


class TableFileState(enum.IntEnum):
    SOUND = 0
    MISSING = 1
    DAMAGED = 2
    UNREADABLE = 3
    OTHER_BYTE_ORDER = 4


class ColorSpace(enum.IntEnum):
    SRGB = 0
    LAB = 1


class ColorScheme(enum.IntEnum):
    WESTERN = 0
    JAPANESE = 1
    CUSTOM = 2


class PictureView(enum.IntEnum):
    NET = 0
    THREE_D = 1


class TextColor(enum.IntEnum):
    LETTERS = 0
    ANSI_256 = 1
    TRUE_COLOR = 2


class Method(enum.IntEnum):
    LBL = 0
