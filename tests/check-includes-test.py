#!/usr/bin/env python3
"""check-includes.py fails on a planted break of the module table: it runs on a copy of the checked
folders (and the table) in a temporary folder, once clean, then with one break planted each time.

usage: check-includes-test.py SOURCE_ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = None
CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'check-includes.py')
FOLDERS = ['libcube', 'tools', 'drivers', 'bindings', 'examples']


class PlantedBreaks(unittest.TestCase):
    def setUp(self):
        self.tree = tempfile.mkdtemp(prefix='check-includes-')
        for folder in FOLDERS:
            shutil.copytree(os.path.join(ROOT, folder), os.path.join(self.tree, folder),
                            ignore=shutil.ignore_patterns('*.jar', '*.class', '*.so', '*.o'))

    def tearDown(self):
        shutil.rmtree(self.tree)

    def append(self, path, text):
        with open(os.path.join(self.tree, path), 'a') as f:
            f.write(text)

    def check(self):
        run = subprocess.run([sys.executable, CHECKER, self.tree], capture_output=True, text=True, timeout=120)
        return run.returncode, run.stdout

    def assert_broken(self, *words):
        code, out = self.check()
        self.assertEqual(code, 1, out)
        for word in words:
            self.assertIn(word, out)

    def test_clean_copy_passes(self):
        code, out = self.check()
        self.assertEqual(code, 0, out)

    def test_include_into_a_module_not_allowed(self):
        self.append('libcube/src/scan/colour.hpp', '#include "../driver/registry.hpp"\n')
        self.assert_broken('libcube/src/scan/colour.hpp', 'module scan may not use driver')

    def test_library_includes_a_plugin_folder(self):
        self.append('libcube/src/driver/registry.cpp', '#include "../../../drivers/tic/tic_driver.hpp"\n')
        self.assert_broken('module driver may not use drivers')

    def test_plugin_includes_library_private_header(self):
        self.append('drivers/tic/tic_reports.cpp', '#include "../../libcube/src/error.hpp"\n')
        self.assert_broken('module drivers may not use core')

    def test_program_includes_a_private_header_by_name(self):
        self.append('tools/cli.c', '#include "cubie.hpp"\n')
        self.assert_broken('module tools may not use core')

    def test_files_from_another_module(self):
        self.append('tools/meson.build', "extra = files('../libcube/src/cubie.cpp')\n")
        self.assert_broken("tools/meson.build names '../libcube/src/cubie.cpp'")

    def test_source_list_into_a_plugin_folder(self):
        self.append('libcube/src/driver/meson.build', "libcube_sources += ['../../../drivers/sim/sim_plugin.cpp']\n")
        self.assert_broken("names '../../../drivers/sim/sim_plugin.cpp'", 'module driver names paths of drivers')

    def test_source_list_into_a_sub_module(self):
        self.append('libcube/src/driver/meson.build', "libcube_sources += files('sim/sim.cpp')\n")
        self.assert_broken("names 'sim/sim.cpp'", 'module driver names paths of sim')

    def test_include_directories_into_another_module(self):
        self.append('drivers/tic/meson.build', "inc = include_directories('../../libcube/src')\n")
        self.assert_broken("drivers/tic/meson.build names '../../libcube/src'")

    def test_library_root_reaches_above_itself(self):
        self.append('libcube/meson.build', "libcube_drivers_inc = include_directories('../drivers')\n")
        self.assert_broken("libcube/meson.build names '../drivers'", 'above its own folder')

    def test_comment_is_not_a_path(self):
        self.append('tools/meson.build', "# files('../libcube/src/cubie.cpp') would break the table\n")
        code, out = self.check()
        self.assertEqual(code, 0, out)


if __name__ == '__main__':
    ROOT = sys.argv.pop(1)
    unittest.main(verbosity=2)
