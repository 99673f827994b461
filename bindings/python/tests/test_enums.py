"""The enums written out in libcube/_enums.py are those of the extension module, value for value."""
import sys

import pytest

import libcube

# The extension module SWIG generated.
NATIVE = sys.modules["libcube._CubeLib"]

ENUMS = ["Status", "Metric", "MoveKind", "Face", "RobotFamily", "ActionKind", "PlanStrategy", "PlanFinish",
         "TablePolicy", "StopLevel", "DriverState", "FaultCode", "ProgressEvent", "ColorSpace", "ColorScheme",
         "PictureView", "TextColor", "Method", "TableFolderRole", "TableFileState"]


@pytest.mark.parametrize("name", ENUMS)
def test_enum_matches_the_extension(name):
    prefix = name + "_"
    native = {key[len(prefix):]: value for key, value in vars(NATIVE).items() if key.startswith(prefix)}
    written = {member.name: member.value for member in getattr(libcube, name)}
    assert written == native
    assert name in libcube.__all__
