# cython: language_level=3
"""The TOML that PHH files are written in, read in one pass, with the line of every
key and of every item of a top-level array.

PHH is TOML, but machines write it, and they use a small part of TOML: top-level
``key = value`` lines whose values are strings, integers, floats, booleans and arrays
of them.  This reader accepts exactly that part and nothing else; on anything outside
it (a table header, an inline table, a date, a multi-line string, a dotted or quoted
key, underscores in a number, a malformed line) it returns None and the caller reads
the text with `tomllib`, which gives the answer or the error.  So whatever this module
accepts, `tomllib` reads to the same values (tests/test_phh_toml.py checks it on every
file of the PHH dataset, on random documents and on their mutations); it only adds
speed (about 10x `tomllib`) and the lines the reader's error messages name.

The one refusal of its own: arrays nested deeper than MAX_DEPTH raise ValueError
naming the line (`tomllib` recurses once a level and fails with RecursionError).
"""

from cpython.unicode cimport (PyUnicode_DATA, PyUnicode_GET_LENGTH, PyUnicode_KIND,
                              PyUnicode_READ)

from games.phh.history import MAX_DEPTH

cdef int _MAX_DEPTH = MAX_DEPTH


cdef class _Reader:
    cdef str text
    cdef const void *data   # the text's characters, `kind` bytes each
    cdef int kind
    cdef Py_ssize_t pos, n
    cdef int line
    cdef bint bail          # the text leaves the subset: the caller asks tomllib

    def __init__(self, str text):
        self.text = text
        self.data = PyUnicode_DATA(text)
        self.kind = PyUnicode_KIND(text)
        self.pos = 0
        self.n = PyUnicode_GET_LENGTH(text)
        self.line = 1
        self.bail = False

    cdef inline Py_UCS4 at(self, Py_ssize_t i) noexcept:
        """The character at i (< n)."""
        return PyUnicode_READ(self.kind, <void *>self.data, i)

    cdef inline Py_UCS4 peek(self) noexcept:
        """The character at the position, or 0 at the end."""
        if self.pos < self.n:
            return self.at(self.pos)
        return 0

    cdef void skip_blank(self):
        """Spaces and tabs."""
        cdef Py_UCS4 c
        while self.pos < self.n:
            c = self.at(self.pos)
            if c != u' ' and c != u'\t':
                return
            self.pos += 1

    cdef bint comment(self):
        """A comment from '#' to the end of the line (not its newline); False where it
        holds a control character TOML forbids."""
        cdef Py_UCS4 c
        self.pos += 1
        while self.pos < self.n:
            c = self.at(self.pos)
            if c == u'\n' or c == u'\r':
                return True
            if (c < 0x20 and c != u'\t') or c == 0x7f:
                return False
            self.pos += 1
        return True

    cdef bint newline(self):
        """One newline (LF or CRLF) or the end of the text; False otherwise."""
        cdef Py_UCS4 c
        if self.pos >= self.n:
            return True
        c = self.at(self.pos)
        if c == u'\n':
            self.pos += 1
            self.line += 1
            return True
        if c == u'\r' and self.pos + 1 < self.n and self.at(self.pos + 1) == u'\n':
            self.pos += 2
            self.line += 1
            return True
        return False

    cdef bint skip_space(self):
        """Whitespace, newlines and comments inside an array; False on a bad comment
        or a lone carriage return."""
        cdef Py_UCS4 c
        while self.pos < self.n:
            c = self.at(self.pos)
            if c == u' ' or c == u'\t':
                self.pos += 1
            elif c == u'#':
                if not self.comment():
                    return False
            elif c == u'\n' or c == u'\r':
                if not self.newline():
                    return False
            else:
                return True
        return True

    cdef object value(self, int depth):
        """One value at the current position; None (and bail set) outside the subset."""
        cdef Py_UCS4 c = self.peek()
        if c == u'"':
            return self.basic_string()
        if c == u"'":
            return self.literal_string()
        if c == u'[':
            return self.array(depth + 1, None)
        if c == u't':
            return self.word(u"true", True)
        if c == u'f':
            return self.word(u"false", False)
        if c == u'-' or c == u'+' or (u'0' <= c <= u'9'):
            return self.number()
        self.bail = True
        return None

    cdef object word(self, str word, object result):
        cdef Py_ssize_t end = self.pos + PyUnicode_GET_LENGTH(word)
        if self.text[self.pos:end] != word or (end < self.n and _bare(self.at(end))):
            self.bail = True
            return None
        self.pos = end
        return result

    cdef object literal_string(self):
        cdef Py_ssize_t start
        cdef Py_UCS4 c
        if self.text[self.pos:self.pos + 3] == u"'''":
            self.bail = True            # multi-line: tomllib's
            return None
        self.pos += 1
        start = self.pos
        while self.pos < self.n:
            c = self.at(self.pos)
            if c == u"'":
                self.pos += 1
                return self.text[start:self.pos - 1]
            if (c < 0x20 and c != u'\t') or c == 0x7f:
                break
            self.pos += 1
        self.bail = True
        return None

    cdef object basic_string(self):
        cdef Py_ssize_t start
        cdef Py_UCS4 c
        cdef list parts = None
        if self.text[self.pos:self.pos + 3] == u'"""':
            self.bail = True
            return None
        self.pos += 1
        start = self.pos
        while self.pos < self.n:
            c = self.at(self.pos)
            if c == u'"':
                self.pos += 1
                if parts is None:
                    return self.text[start:self.pos - 1]
                parts.append(self.text[start:self.pos - 1])
                return u"".join(parts)
            if c == u'\\':
                if parts is None:
                    parts = []
                parts.append(self.text[start:self.pos])
                if not self.escape(parts):
                    break
                start = self.pos
                continue
            if (c < 0x20 and c != u'\t') or c == 0x7f:
                break
            self.pos += 1
        self.bail = True
        return None

    cdef bint escape(self, list parts):
        """One escape sequence after a backslash, its character appended."""
        cdef Py_UCS4 c
        cdef Py_ssize_t width, k
        cdef long code = 0
        if self.pos + 1 >= self.n:
            return False
        c = self.at(self.pos + 1)
        self.pos += 2
        if c == u'"':
            parts.append(u'"')
        elif c == u'\\':
            parts.append(u'\\')
        elif c == u'n':
            parts.append(u'\n')
        elif c == u't':
            parts.append(u'\t')
        elif c == u'r':
            parts.append(u'\r')
        elif c == u'b':
            parts.append(u'\b')
        elif c == u'f':
            parts.append(u'\f')
        elif c == u'u' or c == u'U':
            width = 4 if c == u'u' else 8
            if self.pos + width > self.n:
                return False
            for k in range(width):
                c = self.at(self.pos + k)
                if u'0' <= c <= u'9':
                    code = code * 16 + (<long>c - 0x30)
                elif u'a' <= c <= u'f':
                    code = code * 16 + (<long>c - 0x61 + 10)
                elif u'A' <= c <= u'F':
                    code = code * 16 + (<long>c - 0x41 + 10)
                else:
                    return False
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
                return False
            parts.append(chr(code))
            self.pos += width
        else:
            return False
        return True

    cdef object number(self):
        """A decimal integer or float of the plain forms: [+-]digits, no leading zero,
        an optional fraction and exponent; nothing with underscores, no base prefix,
        no inf or nan, no date or time."""
        cdef Py_ssize_t start = self.pos
        cdef Py_UCS4 c
        cdef bint is_float = False
        if self.peek() == u'+' or self.peek() == u'-':
            self.pos += 1
        if not self.digits(True):
            return None
        c = self.peek()
        if c == u'.':
            self.pos += 1
            if not self.digits(False):
                return None
            is_float = True
            c = self.peek()
        if c == u'e' or c == u'E':
            self.pos += 1
            if self.peek() == u'+' or self.peek() == u'-':
                self.pos += 1
            if not self.digits(False):
                return None
            is_float = True
        if self.pos < self.n and _bare(self.at(self.pos)) or self.peek() == u':':
            self.bail = True        # a date, a time, underscores, 0x...: tomllib's
            return None
        if is_float:
            return float(self.text[start:self.pos])
        return int(self.text[start:self.pos])

    cdef bint digits(self, bint integer_part):
        """One or more digits; an integer part of more than one digit has no leading
        zero."""
        cdef Py_ssize_t start = self.pos
        cdef Py_UCS4 c
        while self.pos < self.n:
            c = self.at(self.pos)
            if not (u'0' <= c <= u'9'):
                break
            self.pos += 1
        if self.pos == start or (integer_part and self.pos - start > 1
                                 and self.at(start) == u'0'):
            self.bail = True
            return False
        return True

    cdef object array(self, int depth, list lines):
        """An array; `lines` gathers each item's line (a top-level array)."""
        cdef list items = []
        cdef object item
        if depth > _MAX_DEPTH:
            raise ValueError(f"line {self.line}: arrays nested more than {_MAX_DEPTH} deep")
        self.pos += 1
        while True:
            if not self.skip_space():
                self.bail = True
                return None
            if self.peek() == u']':
                self.pos += 1
                return items
            if lines is not None:
                lines.append(self.line)
            item = self.value(depth)
            if self.bail:
                return None
            items.append(item)
            if not self.skip_space():
                self.bail = True
                return None
            if self.peek() == u',':
                self.pos += 1
            elif self.peek() == u']':
                self.pos += 1
                return items
            else:
                self.bail = True
                return None

    cdef str key(self):
        """A bare key; None (bail) for a quoted or dotted key, a table header or
        anything else."""
        cdef Py_ssize_t start = self.pos
        while self.pos < self.n and _bare(self.at(self.pos)):
            self.pos += 1
        if self.pos == start:
            self.bail = True
            return None
        return self.text[start:self.pos]


cdef inline bint _bare(Py_UCS4 c):
    """A character of a bare key (and what may not follow a number or a word)."""
    return (u'a' <= c <= u'z') or (u'A' <= c <= u'Z') or (u'0' <= c <= u'9') or (
        c == u'_' or c == u'-')


def read(str text):
    """(values, key_lines, item_lines) of a PHH text inside the subset, else None.

    values: {key: value} as `tomllib.loads` gives them (arrays as lists); key_lines:
    {key: the line it is on}; item_lines: {key: the line of each item} for the keys
    whose value is an array."""
    cdef _Reader r = _Reader(text)
    cdef dict values = {}, key_lines = {}, item_lines = {}
    cdef Py_UCS4 c
    cdef str key
    cdef list lines
    cdef object value
    if r.n and r.at(0) == u'\ufeff':
        return None                     # a byte-order mark: tomllib's
    while r.pos < r.n:
        r.skip_blank()
        c = r.peek()
        if c == u'#':
            if not r.comment():
                return None
        elif c != u'\n' and c != u'\r' and r.pos < r.n:
            key = r.key()
            if r.bail or key in values:
                return None             # outside the subset, or a duplicate key
            r.skip_blank()
            if r.peek() != u'=':
                return None
            r.pos += 1
            r.skip_blank()
            key_lines[key] = r.line
            if r.peek() == u'[':
                lines = []
                value = r.array(1, lines)
                item_lines[key] = tuple(lines)
            else:
                value = r.value(0)
            if r.bail:
                return None
            values[key] = value
            r.skip_blank()
            if r.peek() == u'#' and not r.comment():
                return None
        if not r.newline():
            return None
    return values, key_lines, item_lines
