// TL902's counterpart: a loop that builds a list to a known size, growing it with a hand-written
// realloc that copies the list into each bigger block. Run with N, the list ends with exactly N
// items (not one more per earlier pass), and the copies moved each item only a few times: a list
// built to its size, not a tape that keeps every iteration. TL902 must not flag it.
#include <stdio.h>
#include <stdlib.h>

typedef struct { int *items; int len, cap; } List;

static long g_copied;

static void list_reserve(List *l, int cap) {
  int *items = malloc(cap * sizeof(int));
  for (int i = 0; i < l->len; ++i) items[i] = l->items[i];
  g_copied += l->len;
  free(l->items);
  l->items = items;
  l->cap = cap;
}

static void list_push(List *l, int x) {
  if (l->len == l->cap) list_reserve(l, 2 * l->cap + 4);
  l->items[l->len++] = x;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  List squares = {0};
  for (int i = 0; i < n; ++i) list_push(&squares, i);
  long sum = 0;
  for (int i = 0; i < squares.len; ++i) sum += squares.items[i];
  printf("len %d sum %ld copies<2n %d\n", squares.len, sum, g_copied < 2L * n);
  free(squares.items);
  return 0;
}
