"""The one error of the rules' readers, apart so that reading a document
without rules never imports the rule model."""

from __future__ import annotations


class VocabularyError(ValueError):
    """A key or value outside the vocabulary; ``path`` names where (``"suits.hearts"``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)
