"""Tables.search(): the state of the table search path, as `cube tables path --search` prints it."""

import pytest

import libcube
from libcube import CubeError, Status, TableFileState, TableFolderRole


def test_the_suites_tables_are_used(table_dir):
    with libcube.Tables.search() as search:
        assert 1 <= search.count <= 3
        assert search.role(0) is TableFolderRole.ENV
        assert search.folder(0) == table_dir
        assert search.file(0) == libcube.Tables.path(table_dir)
        assert search.state(0) is TableFileState.SOUND
        assert search.error(0) == ""
        assert search.other_order_file(0) == ""
        assert search.other_order_notice(0) == ""
        assert search.used_index == 0
        assert search.build_saves_index == -1
        assert search.path == search.file(0)


def test_text_and_json_are_the_commands_answers(table_dir):
    with libcube.Tables.search() as search:
        file = search.file(0)
        assert search.text().startswith(f"CUBE_TABLE_DIR  {file}: sound (used)\n")
        assert search.text().endswith("\n")
        assert search.json().startswith(
            f'{{"ok":true,"path":"{file}","search":[{{"role":"env","file":"{file}","state":"sound","used":true}}')
        assert search.json().endswith("]}")


def test_bad_index_and_closed_search(table_dir):
    search = libcube.Tables.search()
    with pytest.raises(CubeError, match="out of range") as caught:
        search.state(search.count)
    assert caught.value.status == Status.INVALID_ARGUMENT
    with pytest.raises(CubeError):
        search.role(-1)
    with pytest.raises(TypeError):
        search.file("0")
    search.close()
    with pytest.raises(CubeError, match="TableSearch is closed"):
        search.text()
