/* HAL in interrupt mode (docs/sp.md, "Interrupts"). Node 1 takes its packets in an interrupt handler and answers
 * pings from it, while its program thread only yields. Node 0, polling, times a one-word ping-pong with node 1,
 * then sends BURST packets GAP cycles apart and waits for node 1's report: how many packets its handler took, with
 * how many interrupts (the handler's hysteresis lets one interrupt take several packets of a burst). */
#include <hal.h>
#include <stdio.h>

#define BURST 16
#define GAP 1000   /* cycles between the packets of the burst: 3 us */
#define PING 1
#define DATA 2
#define REPORT 3

static volatile int taken, sum;

static void on_packet(void) {
    hal_packet_t in;
    int b[4];
    if (hal_poll(&in, b, sizeof b)) {
        taken++;
        if (in.user == PING) {
            hal_send(in.src, PING, b, 4);
        } else {
            sum += b[0];
        }
    }
}

int main(void) {
    int me = hal_my_node(), n = hal_nodes();
    hal_packet_t info;
    int buf[4];
    static int data[BURST];
    hal_init();
    if (n < 2 || me > 1) {
        return 0;
    }
    if (me == 1) {
        hal_interrupts(on_packet);
        while (taken < BURST + 1) {
            hal_yield();
        }
        int report[3] = {taken, sum, hal_interrupt_count()};
        hal_send(0, REPORT, report, sizeof report);
        hal_send_wait();
        return 0;
    }
    int word = 42;
    unsigned long long t0 = hal_cycles();
    hal_send(1, PING, &word, 4);
    hal_recv(&info, buf, sizeof buf);
    unsigned long long t = hal_cycles() - t0;
    printf("ping-pong with node 1 in interrupt mode: %llu cycles, answer %d\n", t, buf[0]);
    for (int i = 0; i < BURST; i++) {
        data[i] = i + 1;
        hal_send(1, DATA, &data[i], 4);
        unsigned long long until = hal_cycles() + GAP;
        while (hal_cycles() < until) {
        }
    }
    hal_recv(&info, buf, sizeof buf);
    printf("node 1 took %d packets (sum %d) in %d interrupts\n", buf[0], buf[1], buf[2]);
    return 0;
}
