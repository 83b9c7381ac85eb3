# deadlock: nodes 0 and 1 flood each other with long THREAD messages, each of which starts a thread that does
# the same. Once every thread context of both nodes is taken, the heads of further THREAD messages wait at the
# ejection ports for a context that never frees; their flits back up through the routers into the senders'
# injection queues, and every thread ends up blocked on its NIU. No thread can run, no flit can move: scmpsim
# stops with a deadlock report (exit code 139) that lists every thread, every NIU and every flit.
#
#   bin/scmpas programs/mesh/deadlock.s -o /tmp/deadlock.o && bin/scmpld /tmp/deadlock.o -o /tmp/deadlock
#   bin/scmpsim --mesh 2x1 /tmp/deadlock

    .text
    .globl _start
_start:
    li a0, 1                    # node 0 pesters node 1
pester:                         # a0 = the node to pester
    rdsr s0, nodeid
    la s1, pester
1:  sendh_r a0, THREAD, s1, 0   # a THREAD message of 24 words: pester(this node) over there
    send2 s0, zero
    send2 zero, zero
    send2 zero, zero
    send2 zero, zero
    send2 zero, zero
    send2 zero, zero
    send2 zero, zero
    send2 zero, zero
    send2 zero, zero
    send2 zero, zero
    send2 zero, zero
    send2e zero, zero
    j 1b
