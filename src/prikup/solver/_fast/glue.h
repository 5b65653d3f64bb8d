/* Python glue shared by the game files of the fast solver. */
#ifndef PRIKUP_GLUE_H
#define PRIKUP_GLUE_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* A game file's entry point: ``name``, or ``name``_popcnt in its copy built for processors with
 * the POPCNT instruction (fast_popcnt.h). */
#ifdef PRIKUP_POPCNT
#define FAST_ENTRY(name) name##_popcnt
#else
#define FAST_ENTRY(name) name
#endif

/* Read exactly ``n`` ints of a Python sequence into ``out``; -1 with an exception on error. */
static int read_ints(PyObject *seq, int *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d numbers", what, n);
        Py_DECREF(fast);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

/* ({move: value}, nodes) for the result of search_values; NULL with MemoryError if n < 0. */
static PyObject *values_result(const int *moves, const int *values, int n, long nodes) {
    if (n < 0) return PyErr_NoMemory();
    PyObject *out = PyDict_New();
    if (out == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *k = PyLong_FromLong(moves[i]), *v = PyLong_FromLong(values[i]);
        if (k == NULL || v == NULL || PyDict_SetItem(out, k, v) < 0) {
            Py_XDECREF(k);
            Py_XDECREF(v);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(k);
        Py_DECREF(v);
    }
    return Py_BuildValue("(Nl)", out, nodes);
}
#endif
