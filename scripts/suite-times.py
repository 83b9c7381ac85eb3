#!/usr/bin/env python3
"""Where the test suite's time goes, from the surefire reports a run leaves in MODULE/target/surefire-reports.

    scripts/suite-times.py [ROOT] [-n TOP]

ROOT is a checkout after `mvn install` (default: this one). Prints each module's wall time (from the first to the
last report file written), its case-seconds (the sum of its test cases' times: with cases run two at a time the
cases of a module add up to about twice its wall time when both cores are busy), the case-seconds of each class,
of each program of the identity corpus over its five classes, and the TOP slowest cases (default 25).
Surefire files a concurrent class's cases under whichever class's report was open, so the script sorts cases by
the class each case names, and counts each case once.
"""
import collections
import glob
import os
import sys
import xml.etree.ElementTree as ET


def main():
    args = sys.argv[1:]
    top = 25
    if '-n' in args:
        i = args.index('-n')
        top = int(args[i + 1])
        del args[i:i + 2]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    cases = {}
    written = collections.defaultdict(list)
    for f in glob.glob(os.path.join(root, '*', 'target', 'surefire-reports', 'TEST-*.xml')):
        module = os.path.relpath(f, root).split(os.sep)[0]
        written[module].append(os.path.getmtime(f))
        for tc in ET.parse(f).getroot().iter('testcase'):
            cls = tc.get('classname').split('.')[-1]
            cases[(module, cls, tc.get('name'))] = float(tc.get('time') or 0)
    if not cases:
        sys.exit('no surefire reports under ' + root)
    by_module = collections.Counter()
    by_class = collections.Counter()
    by_program = collections.Counter()
    for (module, cls, name), t in cases.items():
        by_module[module] += t
        by_class[cls] += t
        if 'IdentityCorpusTest' in cls:
            by_program[name.split(') ', 1)[-1].split(' ')[0]] += t
    first = min(min(v) for v in written.values())
    last = max(max(v) for v in written.values())
    print('reports from first to last: %.0f s; case-seconds: %.0f' % (last - first, sum(cases.values())))
    print('\nmodule          wall s  case-s')
    for m, t in by_module.most_common():
        if t >= 1:
            print('%-14s %7.0f %7.0f' % (m, max(written[m]) - min(written[m]), t))
    print('\nclass                                   case-s')
    for c, t in by_class.most_common(20):
        print('%-38s %7.0f' % (c, t))
    print('\nidentity corpus program (5 classes)     case-s')
    for p, t in by_program.most_common(15):
        print('%-38s %7.0f' % (p, t))
    print('\nslowest cases')
    for (module, cls, name), t in sorted(cases.items(), key=lambda kv: -kv[1])[:top]:
        print('%6.1f %s %s' % (t, cls, name))


if __name__ == '__main__':
    main()
