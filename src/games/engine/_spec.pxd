# A game and a table's options compiled into the C `Spec` every hand of that kind
# shares (see _spec.pyx).

from games.engine._state cimport Spec


cdef class GameSpec:
    cdef Spec sp                    # the C spec, read-only once built
    cdef readonly object options    # the games.engine.options.TableOptions it was built from
    cdef object _keep               # the ranking tables its raw pointers point into
