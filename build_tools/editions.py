"""A document's editions: the current one in ``source/<document>.yaml``, each
earlier one kept whole in ``source/editions/<document>/<edition>.yaml``.

An amendment is a new edition: the federation copies the current file to
the editions folder under its edition's name, then edits the current file in
place (its text, rules, examples and parameters) and states the new
``edition``, ``effective`` (the day it is in force from: for events on or
after it), ``published``, ``supersedes`` (the edition it replaces) and
``repeals`` (the ids of the articles of that edition it leaves out). Each
earlier edition is a document like the current one, validated and checked
the same way; articles keep their ids from edition to edition (an id is
never reused for another text), so what an edition added, changed and
repealed is what differs between two files by id (:mod:`build_tools.amendments`).

The chain is checked whole: each ``supersedes`` names a file of the folder,
each edition comes into force after the one it supersedes, repeals exactly
the articles of it that it leaves out, dates a moved figure's values as the
editions it dates stated them, and every file of the folder is in the chain
(a copy left over, or misnamed, is an error at its first line).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from build_tools.diagnostics import Diagnostic, DiagnosticError
from build_tools.document import Document
from build_tools.loader import load_document, parameter_node
from build_tools.yamlfiles import at_node, compose, display_path, node_at
from build_tools.rules.dated import on_day

#: The folder below the source folder that holds the earlier editions, one folder a document.
EDITIONS_FOLDER = "editions"


class EditionError(ValueError):
    """A day on which no edition of a document is in force (one line)."""

    @classmethod
    def before(cls, document: str, first: str, effective: str, day: str) -> EditionError:
        """``day`` is before ``document``'s ``first`` edition, in force from ``effective``."""
        return cls(f"no edition of {document} is in force on {day}: the first, {first!r}, is in force from "
                   f"{effective}")


def edition_path(source: Path, document: str, edition: str) -> Path:
    """The file of an earlier ``edition`` of ``document``."""
    return source / EDITIONS_FOLDER / document / f"{edition}.yaml"


@dataclass(frozen=True, slots=True)
class Editions:
    """Every edition of one document, the earliest first and the current last."""

    chain: tuple[Document, ...]

    @property
    def current(self) -> Document:
        return self.chain[-1]

    @property
    def dated(self) -> bool:
        """Whether the editions state the days they are in force from."""
        return bool(self.current.effective)

    def days(self) -> tuple[tuple[str, str], ...]:
        """Each edition's name and the day it is in force from, the earliest first."""
        return tuple((doc.edition, doc.effective) for doc in self.chain)

    def named(self, edition: str) -> Document | None:
        """The edition called ``edition`` (its ``edition:``), or ``None``."""
        return next((doc for doc in self.chain if doc.edition == edition), None)

    def in_force(self, day: str) -> Document:
        """The edition in force on ``day`` (``YYYY-MM-DD``): the latest whose
        ``effective`` is on or before it; a document that states no date is
        taken as it stands. Raises :class:`EditionError` before the first."""
        if not self.dated:
            return self.current
        found = on_day([(doc.effective, doc) for doc in self.chain], day)
        if found is None:
            first = self.chain[0]
            raise EditionError.before(first.id, first.edition, first.effective, day)
        return found


def edition_of(path: Path) -> str:
    """The document whose earlier edition the file ``path`` is
    (``.../editions/<document>/<edition>.yaml``), or "" for another file."""
    return path.parent.name if path.parent.parent.name == EDITIONS_FOLDER else ""


def earlier_editions(source: Path, documents: Iterable[Document]) -> list[Document]:
    """The earlier editions of ``documents``, each chain loaded and checked
    whole. Raises :class:`DiagnosticError` with the problems of every chain."""
    found: list[Document] = []
    problems: list[Diagnostic] = []
    for document in documents:
        try:
            found.extend(load_editions(source, document).chain[:-1])
        except DiagnosticError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise DiagnosticError(problems)
    return found


def _file(source: Path, document: Document, chain: list[Document]) -> Path:
    """The file of ``document``, an edition of ``chain`` (the current one last)."""
    return source / f"{document.id}.yaml" if document is chain[-1] else edition_path(source, document.id,
                                                                                      document.edition)


def _at(path: Path, key: str, message: str) -> Diagnostic:
    """A diagnostic at ``key`` of the document file ``path`` (read again: only on an error)."""
    root = compose(path)
    return at_node(display_path(path), node_at(root, key), message)


def _repealed(source: Path, chain: list[Document]) -> list[Diagnostic]:
    """Each edition names the articles of the one before that it leaves out,
    under ``repeals:``, and only those: an article deleted by mistake, or
    renamed (ids are permanent), is caught here rather than published as
    repealed."""
    from build_tools.amendments import articles

    problems = []
    for before, after in zip(chain, chain[1:], strict=False):
        path = _file(source, after, chain)
        was, now = articles(before), articles(after)
        missing = [key for key in was if key not in now and key not in after.repeals]
        if missing:
            problems.append(_at(path, "repeals" if after.repeals else "supersedes",
                                f"edition {after.edition!r} leaves out {', '.join(repr(m) for m in missing)} of "
                                f"edition {before.edition!r}: list under 'repeals:' what it repeals (an article kept "
                                f"keeps its id)"))
        for key in after.repeals:
            if key in now:
                problems.append(_at(path, "repeals", f"edition {after.edition!r} repeals {key!r}, but holds it"))
            elif key not in was:
                problems.append(_at(path, "repeals", f"edition {after.edition!r} repeals {key!r}, which edition "
                                                     f"{before.edition!r} does not hold"))
    return problems


def _dated_history(source: Path, chain: list[Document]) -> list[Diagnostic]:
    """A figure's dated values agree with the editions they date: a value
    dated while an earlier edition was in force is the value that edition
    gives that day (a history copied wrong would answer a day two ways, by
    the edition in force and by the figure's history)."""
    problems = []
    for later_index, later in enumerate(chain):
        registry = later.registry
        for parameter in registry.parameters.values() if registry else ():
            if not parameter.values or parameter.declared_by != later.path:
                continue
            for index, earlier in enumerate(chain[:later_index]):
                until = chain[index + 1].effective
                days = [earlier.effective, *(d for d, _, _ in parameter.values if earlier.effective < d < until)]
                stated = earlier.registry.parameters.get(parameter.name) if earlier.registry else None
                for day in days:
                    was, now = stated.on(day) if stated else None, parameter.on(day)
                    if was is None or now is None or was.value == now.value:
                        continue
                    path = _file(source, later, chain)
                    problems.append(at_node(display_path(path), parameter_node(compose(path), parameter.name, "values"),
                                            f"parameter '{parameter.name}' is {now.value!r} on {day} by its dated "
                                            f"values, but edition {earlier.edition!r}, in force that day, says "
                                            f"{was.value!r}"))
                    break
    return problems


def load_editions(source: Path, current: Document) -> Editions:
    """The editions of ``current`` (loaded from ``source/<id>.yaml``), each
    earlier one loaded from its file and validated (its rules read its dated
    parameter values as the edition stands: the last). Raises
    :class:`DiagnosticError` with every problem of the chain."""
    folder = source / EDITIONS_FOLDER / current.id
    chain = [current]
    problems: list[Diagnostic] = []
    path = source / f"{current.id}.yaml"
    latest = current
    while latest.supersedes:
        earlier_path = edition_path(source, current.id, latest.supersedes)
        if not earlier_path.is_file():
            problems.append(_at(path, "supersedes", f"edition {latest.supersedes!r} that this one supersedes has "
                                                    f"no file {display_path(earlier_path)} (copy the edition "
                                                    f"there before amending it)"))
            break
        if any(doc.edition == latest.supersedes for doc in chain):
            problems.append(_at(path, "supersedes", f"edition {latest.supersedes!r} is superseded twice in the "
                                                    f"chain of {current.id}'s editions"))
            break
        try:
            earlier = load_document(earlier_path, edition_of=current.id)
        except DiagnosticError as exc:
            problems.extend(exc.diagnostics)
            break
        if not earlier.effective:
            problems.append(_at(earlier_path, "edition", f"edition {earlier.edition!r}, superseded by "
                                                         f"{latest.edition!r}, says when it came into force: "
                                                         f"add 'effective: YYYY-MM-DD'"))
            break
        if earlier.effective >= latest.effective:
            problems.append(_at(path, "effective", f"edition {latest.edition!r} is in force from "
                                                   f"{latest.effective}, not after the edition it supersedes "
                                                   f"({earlier.edition!r}, in force from {earlier.effective})"))
            break
        chain.insert(0, earlier)
        latest, path = earlier, earlier_path
    if not problems:
        problems += _dated_history(source, chain)
        problems += _repealed(source, chain)
    if not problems and folder.is_dir():
        kept = {doc.edition for doc in chain[:-1]}
        for stray in sorted(folder.iterdir()):
            if stray.suffix == ".yaml" and stray.stem not in kept:
                problems.append(Diagnostic(display_path(stray), 1, 1,
                                           f"edition {stray.stem!r} of {current.id} is in no chain: no edition "
                                           f"supersedes it (the earliest, {chain[0].edition!r}, supersedes "
                                           f"{chain[0].supersedes or 'none'})"))
    if problems:
        raise DiagnosticError(problems)
    return Editions(tuple(chain))


def document_on(source: Path, editions: Editions, day: str) -> Document:
    """The edition in force on ``day``, its rules reading the parameter values
    in force that day (loaded again only when it dates some). Raises
    :class:`EditionError` before the first edition."""
    found = editions.in_force(day)
    if found.registry is None or not any(p.values for p in found.registry.parameters.values()):
        return found
    if found is editions.current:
        return load_document(source / f"{found.id}.yaml", on=day)
    return load_document(edition_path(source, found.id, found.edition), edition_of=found.id, on=day)
