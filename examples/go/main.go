// Lays out messages with libbubble through cgo: each argument is a message's text, and each line printed
// is its layout, the JSON `bubble layout --max-width 240` prints for it. Errors go to standard error with
// Bubble's status and code.
//
//	export PKG_CONFIG_PATH=/opt/bubble/lib/pkgconfig
//	go run . 'Hello @alice' 'See https://example.com'
package main

/*
#cgo pkg-config: bubble
#include <stdlib.h>
#include <bubble.h>
*/
import "C"

import (
	"encoding/json"
	"fmt"
	"os"
	"unsafe"
)

// Engine is one libbubble engine: safe for any number of goroutines at once.
type Engine struct{ handle *C.bubble_engine }

// Error is what Bubble refused: the HTTP status it maps to and Bubble's code.
type Error struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message) }

func failure(status C.int32_t, text *C.char) error {
	defer C.bubble_free(unsafe.Pointer(text))
	e := &Error{Status: int(status)}
	if err := json.Unmarshal([]byte(C.GoString(text)), e); err != nil {
		return fmt.Errorf("bubble: status %d: %s", status, C.GoString(text))
	}
	return e
}

// NewEngine loads the fonts and the catalog once, with Bubble's options as JSON.
func NewEngine(options string) (*Engine, error) {
	cOptions := C.CString(options)
	defer C.free(unsafe.Pointer(cOptions))
	var handle *C.bubble_engine
	var text *C.char
	if status := C.bubble_engine_new(cOptions, nil, &handle, &text); status != 0 {
		return nil, failure(status, text)
	}
	return &Engine{handle}, nil
}

// Close releases the engine; no call may be running on it.
func (e *Engine) Close() { C.bubble_engine_free(e.handle) }

// Answer returns what `bubble batch` writes for one message object (a batch line).
func (e *Engine) Answer(request []byte) ([]byte, error) {
	cRequest := C.CBytes(request)
	defer C.free(cRequest)
	var out, text *C.char
	var length C.size_t
	if status := C.bubble_layout(e.handle, (*C.char)(cRequest), C.size_t(len(request)), &out, &length, &text); status != 0 {
		return nil, failure(status, text)
	}
	defer C.bubble_free(unsafe.Pointer(out))
	return C.GoBytes(unsafe.Pointer(out), C.int(length)), nil
}

// Layout returns a text's layout: the JSON of `bubble layout`, byte for byte.
func (e *Engine) Layout(text string) (json.RawMessage, error) {
	request, _ := json.Marshal(map[string]string{"text": text})
	answer, err := e.Answer(request)
	if err != nil {
		return nil, err
	}
	var result struct {
		Layout json.RawMessage `json:"layout"`
	}
	if err := json.Unmarshal(answer, &result); err != nil {
		return nil, err
	}
	return result.Layout, nil
}

func main() {
	engine, err := NewEngine(`{"maxWidth":240}`)
	if err != nil {
		fmt.Fprintln(os.Stderr, "layout:", err)
		os.Exit(2)
	}
	defer engine.Close()
	failed := false
	for _, text := range os.Args[1:] {
		layout, err := engine.Layout(text)
		if err != nil {
			fmt.Fprintln(os.Stderr, "layout:", err)
			failed = true
			continue
		}
		os.Stdout.Write(append(layout, '\n'))
	}
	if failed {
		os.Exit(1)
	}
}
