"""BubbleError: what libbubble refused, with the code `bubble` and the HTTP service use."""
import json


class BubbleError(Exception):
    """A request Bubble refused.

    `code` is Bubble's stable snake_case code (`malformed_json`, `invalid_options`, `message_too_long`, ...),
    `status` the HTTP status the service answers with it (400, 422 or 500), `message` the text for people.
    """

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.status = status

    @classmethod
    def from_json(cls, status: int, text: bytes) -> "BubbleError":
        try:
            error = json.loads(text)
            return cls(error["code"], error["message"], status)
        except (ValueError, KeyError, TypeError):
            return cls("internal_error", text.decode("utf-8", "replace") or "unknown error", status)
