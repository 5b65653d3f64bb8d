/* prikup.solver._fast: the open-hand solver's fast path (one function per game).
 * Each returns ({move: exact value}, nodes searched); see prikup/solver/fast.py. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

PyObject *fast_values501(PyObject *self, PyObject *args);
PyObject *fast_values_pyatsot(PyObject *self, PyObject *args);
PyObject *fast_values_five_hundred(PyObject *self, PyObject *args);
PyObject *fast_values_preferans(PyObject *self, PyObject *args);

unsigned long fast_epoch = 0;

static PyObject *fast_clear(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    fast_epoch++;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"clear", fast_clear, METH_NOARGS, "Empty every game's transposition table before its next search."},
    {"values501", fast_values501, METH_VARARGS, "501: the value of every legal move."},
    {"values_pyatsot", fast_values_pyatsot, METH_VARARGS, "Пятьсот: the value of every legal move."},
    {"values_five_hundred", fast_values_five_hundred, METH_VARARGS, "Five Hundred: the value of every legal move."},
    {"values_preferans", fast_values_preferans, METH_VARARGS, "Preferans: the value of every legal move."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fast", "The open-hand solver in C.", -1, methods};

PyMODINIT_FUNC PyInit__fast(void) { return PyModule_Create(&module); }
