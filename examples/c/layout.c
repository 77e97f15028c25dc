/* Lays out messages with libbubble: one message object per line of standard input (as `bubble batch`
 * reads them), one result line out, the bytes `bubble batch` writes. With --size, each message's size
 * only: "WIDTH HEIGHT LINES TRUNCATED".
 *
 *   cc -o layout layout.c $(pkg-config --cflags --libs bubble)
 *   echo '{"id":1,"text":"Hello @alice"}' | ./layout
 */
#include <bubble.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int size_only = argc > 1 && strcmp(argv[1], "--size") == 0;
    bubble_engine *engine = NULL;
    char *error = NULL;
    int status = bubble_engine_new("{\"maxWidth\":240}", NULL, &engine, &error);
    if (status != 0) {
        fprintf(stderr, "layout: no engine (%d): %s\n", status, error);
        bubble_free(error);
        return 2;
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    int failed = 0;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        if (line[length - 1] == '\n') line[--length] = '\0';
        if (size_only) {
            double width, height;
            int32_t lines, truncated;
            status = bubble_size(engine, line, (size_t)length, &width, &height, &lines, &truncated, &error);
            if (status == 0) printf("%.2f %.2f %d %d\n", width, height, lines, truncated);
        } else {
            char *result = NULL;
            size_t result_length = 0;
            status = bubble_layout(engine, line, (size_t)length, &result, &result_length, &error);
            if (status == 0) {
                fwrite(result, 1, result_length, stdout);
                putchar('\n');
                bubble_free(result);
            }
        }
        if (status != 0) {
            fprintf(stderr, "layout: %d %s\n", status, error);
            bubble_free(error);
            error = NULL;
            failed = 1;
        }
    }
    free(line);
    bubble_engine_free(engine);
    return failed;
}
