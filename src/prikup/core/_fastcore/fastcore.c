/* prikup.core._fastcore: the trick loop's hot decisions in C.
 *
 * ``Core`` is the base type of every ``State`` (prikup/core/game.py).  Its four methods —
 * ``legal_actions``, ``legal_action_ids``, ``apply``, ``apply_id`` — and ``is_over`` decide in C
 * when one of the game's hooks describes the decision as tables and flags: a follow to an open
 * trick (``_follow_rule``: the cards of the suit led, the trump cards, whether a seat out of the
 * suit led must trump, cards that may be played at any time, the suit whose void a card shows,
 * each card's strength, and optionally what the finished trick keeps besides its cards and
 * winner), a lead (``_lead_rule``: the plain cards, then the ids of leads with a declaration,
 * which the reference carries out), a call of an auction (``_auction_rule``: pass, look, a slice
 * of the ladder or the whole legal row, and the fields a bid sets, its value an attribute of the
 * action or a tuple by id) or a choice among a few calls, cards and a slice of ids
 * (``_choice_rule``: talon, gift, discard, contract; recorded here and carried out by the game's
 * ``_do``, or — a card that only moves from the hand into the kitty's place — here alone).  A
 * trick's end is done here too when the game keeps the engine's ``_finished_trick`` /
 * ``_after_trick`` (or says its own adds nothing this deal: ``_plain_trick_end``).  Everything
 * else — scoring, a declaration, any decision a hook declines — goes to the Python reference
 * (``State._ref_*``), which stays the definition of the rules.  The state's fields (``hands``,
 * ``trick``, ``tricks``, ``won``, ``taken``, ``_turn``, ``_version``, the deal's action log…) stay
 * the one truth: the C path updates them exactly as the reference does.  Those it reads or writes
 * at every decision live in this struct (``FIELD_LIST``: to Python attributes like the others, set
 * and read by the same code; ``State.copy``, pickling and ``State.fields`` take them along), the
 * rest in the instance dict.  Besides them C keeps only what a hook
 * said for the current version of the state — and, while nothing but the C path's own actions have
 * changed the state since, the answers a hook says hold longer (a follow rule for its suit led, a
 * seat's lead and auction rules: ``CoreObject.chain``); and where a type's ``_follow_rule`` is
 * marked as depending on the card led and one field alone (``follow_rule_keyed_by``: the engine's,
 * by the trump; Five Hundred's, by the contract's layout), its answers in the game's ``Table`` for
 * every state of the game (``TableObject.memo_key``: the hook was asked once a suit led every
 * deal, and random play starts a new match after each Five Hundred deal).  A declaration the lead
 * hook listed is legal: it goes to the game's ``_commit`` without the reference's check.
 *
 * ``shuffle``, ``deal_packets`` and ``cards_mask`` deal a match's cards exactly as
 * ``random.Random.shuffle`` and ``prikup.core.dealing.deal_packets_reference`` do.
 *
 * ``Table`` holds one game configuration's prebuilt actions and which card each plain ``play``
 * action plays (built once per game, ``TrickGame.fast_table``).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

typedef unsigned __int128 u128;

#define NCARDS 67
#define MAXPREFIX 128
#define MEMO_WAYS 6

/* -- card masks <-> Python ints (card ids go up to 66: jokers) ------------------------------ */

static int mask_from_py(PyObject *v, u128 *out) {
#if PY_VERSION_HEX < 0x030C0000
    /* CPython 3.11's digits read directly: a hand with a joker (card 64 up) is an int of three
     * digits, which PyLong_AsUnsignedLongLong refuses only after building an OverflowError
     * (Five Hundred's hands with the joker: about 7% of its C path's instructions) */
    if (PyLong_CheckExact(v) && Py_SIZE(v) >= 0 && Py_SIZE(v) <= 128 / PyLong_SHIFT) {
        const digit *d = ((PyLongObject *)v)->ob_digit;
        u128 m = 0;
        for (Py_ssize_t k = Py_SIZE(v) - 1; k >= 0; k--)
            m = (m << PyLong_SHIFT) | d[k];
        *out = m;
        return 0;
    }
#endif
    unsigned long long low = PyLong_AsUnsignedLongLong(v);
    if (low == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError) || !PyLong_Check(v))
            return -1;
        PyErr_Clear();
        unsigned char buf[16];
        if (_PyLong_AsByteArray((PyLongObject *)v, buf, 16, 1, 0) < 0)
            return -1;
        u128 m = 0;
        for (int i = 15; i >= 0; i--)
            m = (m << 8) | buf[i];
        *out = m;
        return 0;
    }
    *out = low;
    return 0;
}

static PyObject *mask_to_py(u128 m) {
    if ((m >> 64) == 0)
        return PyLong_FromUnsignedLongLong((unsigned long long)m);
#if PY_VERSION_HEX < 0x030C0000
    { /* the digits written directly (as mask_from_py reads them) */
        Py_ssize_t n = 0;
        for (u128 rest = m; rest; rest >>= PyLong_SHIFT)
            n++;
        PyLongObject *out = _PyLong_New(n);
        if (!out)
            return NULL;
        for (Py_ssize_t k = 0; k < n; k++, m >>= PyLong_SHIFT)
            out->ob_digit[k] = (digit)(m & PyLong_MASK);
        return (PyObject *)out;
    }
#endif
    unsigned char buf[16];
    for (int i = 0; i < 16; i++) {
        buf[i] = (unsigned char)(m & 0xFF);
        m >>= 8;
    }
    return _PyLong_FromByteArray(buf, 16, 1, 0);
}

static inline int low_card(u128 m) {
    unsigned long long lo = (unsigned long long)m;
    if (lo)
        return __builtin_ctzll(lo);
    return 64 + __builtin_ctzll((unsigned long long)(m >> 64));
}

/* -- interned names ----------------------------------------------------------------------- */

static PyObject *s_tricks, *s_actions, *s_follow_rule, *s_finished_trick, *s_after_trick, *s_after_commit,
    *s_ref_legal_actions, *s_ref_legal_action_ids, *s_ref_apply, *s_ref_apply_id, *s_id, *s_lead_rule,
    *s_auction_rule, *s_dark, *s_high_bid, *s_declarer, *s_number, *s_all_passed, *s_win_auction,
    *s_trick_rules, *s_score_play, *s_choice_rule, *s_commit, *s_plain_trick_end, *s_do, *s_trump_suit,
    *s_follow_key;

/* the play phase (``prikup.core.phases.PLAY``): no hook is asked about any other phase */
static PyObject *play_phase = NULL;
/* the auction phase (``prikup.core.phases.AUCTION``) */
static PyObject *auction_phase = NULL;
/* the deal phase (``prikup.core.phases.DEAL``): a deal is over, the next one is due */
static PyObject *deal_phase = NULL;
/* the phase of a match that is over (``prikup.core.phases.MATCH_OVER``) */
static PyObject *over_phase = NULL;
/* the engine's own hooks (``TrickState._finished_trick``, ``_after_trick``,
 * ``State._after_commit``): a state whose type keeps them has them done in C */
static PyObject *default_finished = NULL, *default_after_trick = NULL, *default_after_commit = NULL;
/* the engine's ``TrickState._follow_rule`` (keyed by the ``trump`` field, see ``TableObject.memo_key``)
 * and ``_trump_suit``, which it reads the trump through: its key holds only with the engine's own */
static PyObject *default_follow = NULL, *default_trump_suit = NULL;
/* the engine's ``State._commit`` (record, bump the version, ``_do``, ``_after_commit``): a state
 * whose type keeps it has a choice it lists recorded in C and only ``_do`` called in Python (the
 * frame of ``_commit`` and its field lookups were ~0.5 us of each choice) */
static PyObject *default_commit = NULL;

/* -- Table: one configuration's actions --------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *actions;   /* tuple of every action, by id */
    PyObject *texts;     /* the text of every action, by id (what an auction's calls record) */
    PyObject **ids;      /* the id of each action as a Python int */
    Py_ssize_t n;
    int *card_of;        /* the card a plain ``play`` action plays, -1 for any other action */
    int play_id[NCARDS]; /* the plain ``play`` action of each card, -1 if none */
    PyObject *cards[NCARDS];
    /* action object -> id, open addressing on the object's address */
    PyObject **keys;
    int *vals;
    size_t cap;
    /* the follow rules of the game's states whose ``_follow_rule`` says its answer depends on
     * nothing but the card led, one field and the game (``follow_rule_keyed_by``): per card led,
     * a few ways (a trump each, a contract's layout each; the next replaced in turn), each the
     * field's value it was given for (the object itself) and the answer; for states of the type
     * ``memo_type`` (another type's state empties them first), whose hook is keyed by the field
     * ``memo_name`` */
    PyObject *memo_key[NCARDS][MEMO_WAYS], *memo_rule[NCARDS][MEMO_WAYS];
    unsigned char memo_next[NCARDS];
    PyObject *memo_type, *memo_name;
} TableObject;

/* Empty a table's follow rules (``TableObject.memo_key``). */
static void memo_clear(TableObject *t) {
    for (int c = 0; c < NCARDS; c++)
        for (int w = 0; w < MEMO_WAYS; w++) {
            Py_CLEAR(t->memo_key[c][w]);
            Py_CLEAR(t->memo_rule[c][w]);
        }
    Py_CLEAR(t->memo_type);
    Py_CLEAR(t->memo_name);
}

/* Keep ``rule`` as the answer for states of ``type`` with the field value ``key`` when a trick is
 * led by any card of ``cards`` (the cards the rule counts as led: the same answer for each). */
static void memo_store(TableObject *t, PyObject *type, PyObject *name, PyObject *key, u128 cards, PyObject *rule) {
    if (t->memo_type != type) {
        memo_clear(t);
        t->memo_type = Py_NewRef(type);
        t->memo_name = Py_NewRef(name);
    }
    for (; cards; cards &= cards - 1) {
        int c = low_card(cards);
        if (c >= NCARDS)
            continue;
        int w = 0;
        while (w < MEMO_WAYS && t->memo_key[c][w] != key)
            w++;
        if (w == MEMO_WAYS) { /* a new value: in place of the oldest */
            w = t->memo_next[c];
            t->memo_next[c] = (unsigned char)((w + 1) % MEMO_WAYS);
        }
        Py_XSETREF(t->memo_key[c][w], Py_NewRef(key));
        Py_XSETREF(t->memo_rule[c][w], Py_NewRef(rule));
    }
}

static int table_traverse(TableObject *t, visitproc visit, void *arg) {
    Py_VISIT(t->actions);
    Py_VISIT(t->texts);
    for (int c = 0; c < NCARDS; c++) {
        Py_VISIT(t->cards[c]);
        for (int w = 0; w < MEMO_WAYS; w++) {
            Py_VISIT(t->memo_key[c][w]);
            Py_VISIT(t->memo_rule[c][w]);
        }
    }
    Py_VISIT(t->memo_type);
    Py_VISIT(t->memo_name);
    return 0;
}

static int table_clear(TableObject *t) {
    Py_CLEAR(t->actions);
    Py_CLEAR(t->texts);
    for (int c = 0; c < NCARDS; c++)
        Py_CLEAR(t->cards[c]);
    memo_clear(t);
    if (t->ids) {
        for (Py_ssize_t i = 0; i < t->n; i++)
            Py_XDECREF(t->ids[i]);
        PyMem_Free(t->ids);
        t->ids = NULL;
    }
    PyMem_Free(t->card_of);
    t->card_of = NULL;
    PyMem_Free(t->keys);
    t->keys = NULL;
    PyMem_Free(t->vals);
    t->vals = NULL;
    return 0;
}

static void table_dealloc(TableObject *t) {
    PyObject_GC_UnTrack(t);
    table_clear(t);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static inline size_t slot_of(const TableObject *t, PyObject *key) {
    return ((uintptr_t)key >> 4) * 11400714819323198485ull & (t->cap - 1);
}

static int table_find(const TableObject *t, PyObject *action) {
    size_t i = slot_of(t, action);
    while (t->keys[i]) {
        if (t->keys[i] == action)
            return t->vals[i];
        i = (i + 1) & (t->cap - 1);
    }
    return -1;
}

static int table_init(TableObject *t, PyObject *args, PyObject *kwds) {
    static char *kw[] = {"actions", "play_ids", "cards", "texts", NULL};
    PyObject *actions, *play_ids, *cards, *texts;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!OOO!", kw, &PyTuple_Type, &actions, &play_ids, &cards,
                                     &PyTuple_Type, &texts))
        return -1;
    table_clear(t);
    Py_ssize_t n = PyTuple_GET_SIZE(actions);
    if (PyTuple_GET_SIZE(texts) != n) {
        PyErr_SetString(PyExc_ValueError, "texts must have one entry per action");
        return -1;
    }
    t->texts = Py_NewRef(texts);
    t->actions = Py_NewRef(actions);
    t->n = n;
    t->ids = PyMem_Calloc((size_t)n + 1, sizeof(PyObject *));
    t->card_of = PyMem_Malloc(((size_t)n + 1) * sizeof(int));
    t->cap = 16;
    while (t->cap < 2 * (size_t)n + 2)
        t->cap <<= 1;
    t->keys = PyMem_Calloc(t->cap, sizeof(PyObject *));
    t->vals = PyMem_Calloc(t->cap, sizeof(int));
    if (!t->ids || !t->card_of || !t->keys || !t->vals) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        t->card_of[i] = -1;
        if (!(t->ids[i] = PyLong_FromSsize_t(i)))
            return -1;
        PyObject *a = PyTuple_GET_ITEM(actions, i);
        size_t s = slot_of(t, a);
        while (t->keys[s])
            s = (s + 1) & (t->cap - 1);
        t->keys[s] = a; /* borrowed: the tuple keeps it */
        t->vals[s] = (int)i;
    }
    PyObject *seq = PySequence_Fast(play_ids, "play_ids must be a sequence");
    PyObject *cseq = seq ? PySequence_Fast(cards, "cards must be a sequence") : NULL;
    if (!cseq) {
        Py_XDECREF(seq);
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(seq) != NCARDS || PySequence_Fast_GET_SIZE(cseq) != NCARDS) {
        PyErr_SetString(PyExc_ValueError, "play_ids and cards must have 67 entries, one per card id");
        Py_DECREF(seq);
        Py_DECREF(cseq);
        return -1;
    }
    for (int c = 0; c < NCARDS; c++) {
        long i = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        if (i == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            Py_DECREF(cseq);
            return -1;
        }
        t->play_id[c] = (int)i;
        if (i >= 0 && i < n)
            t->card_of[i] = c;
        else
            t->play_id[c] = -1;
        t->cards[c] = Py_NewRef(PySequence_Fast_GET_ITEM(cseq, c));
    }
    Py_DECREF(seq);
    Py_DECREF(cseq);
    return 0;
}

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "prikup.core._fastcore.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "A game configuration's prebuilt actions and the card of each plain play action.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)table_init,
    .tp_dealloc = (destructor)table_dealloc,
    .tp_traverse = (traverseproc)table_traverse,
    .tp_clear = (inquiry)table_clear,
};

/* -- Core: the base of every state ----------------------------------------------------------- */

/* The state's fields the trick loop reads and writes on every decision, kept in the ``Core``
 * struct (``core_members``: attributes like any other to Python, which reads and writes them as
 * before) rather than the instance dict: a dict lookup was ~100 instructions, about 15 of them a follow.
 * ``FIELDS`` lists them (``_fastcore.FIELDS``); a hook may not name one as a field it sets. */
#define FIELD_LIST(X)                                                                               \
    X(VERSION, "_version") X(PHASE, "phase") X(TURN, "_turn") X(HANDS, "hands") X(TRICK, "trick")   \
    X(TRICKS, "tricks") X(WON, "won") X(TAKEN, "taken") X(VOIDS, "voids") X(DEALS, "deals")         \
    X(TRICK_SIZE, "_trick_size") X(PLAY_NEXT, "_play_next") X(GAME, "game") X(IN_DEAL, "_in_deal") \
    X(AFTER, "_after") X(PASSED, "passed") X(CALLS, "calls")
#define FIELD_ENUM(id, name) F_##id,
enum { FIELD_LIST(FIELD_ENUM) NFIELDS };
#define FIELD_NAME(id, name) name,
static const char *const field_names[NFIELDS] = {FIELD_LIST(FIELD_NAME)};
/* the names interned (``PyInit__fastcore``): a name a hook gives is compared by identity, interned */
static PyObject *field_name_objs[NFIELDS];

typedef struct {
    PyObject_HEAD
    long long version; /* the state version the fields below describe; -1: none */
    int covered;       /* the hook described the decision: 1 a follow, 2 a lead; 0 it declined */
    int prefix[MAXPREFIX]; /* an auction: the calls before the ladder's slice (look, pass…), their count */
    int nprefix, lo, hi, look_id, pass_id;
    /* an auction: the field of the highest bid, the action's attribute it takes (or a tuple of
     * the value of each action id), the field of its seat (``high_bid``, ``number``,
     * ``declarer`` unless the hook names others) */
    PyObject *high_field, *value_attr, *seat_field;
    /* a choice (``_choice_rule``): the ids before the cards, each card's action id, the cards,
     * then the slice ``lo … hi - 1`` */
    PyObject *choice_before, *choice_ids_of;
    int choice_id[NCARDS];
    u128 choice_cards;
    int choice_lo, choice_hi;
    /* a choice's card that only moves from the seat's hand into the int field ``move_target``
     * (NULL: none declared) while fewer than ``move_last`` cards are then in it: C moves it */
    PyObject *move_target;
    int move_last;
    int width;         /* a lead: the size of the trick's entries (2: seat, card; 3: and a named suit) */
    int must_trump;
    int void_suit;     /* the suit a seat that does not follow shows void in, -1: none kept */
    u128 led, trump, free_cards;
    unsigned char controller[16]; /* the seat that decides for each hand's seat (the log's seat) */
    unsigned char strength[NCARDS];
    PyObject *strength_of; /* the strength sequence the array was read from */
    PyObject *rule_of;     /* the follow rule the fields were read from (the same object: not read again) */
    PyObject *tail;        /* the follow rule's third field of the finished trick (NULL: none given) */
    TableObject *table;
    /* answers that hold past their version.  ``chain`` is the version the C path left the state
     * at after an action of its own that called no Python (-1: none); while the state is still at
     * it, nothing but the C path has acted since these answers were given, and they hold: the
     * follow rule of a trick led by each card (``_follow_rule`` depends on the suit led alone
     * between such actions: its answer is kept for every card of the suit it names as led) and
     * the lead rule each seat's hook said holds for its later leads (a sixth field,
     * :func:`read_lead`), and likewise its auction rule (an eighth field, :func:`read_auction`:
     * its slice then starts above the highest bid made since).  A chain broken drops them all. */
    long long chain;
    int held;                      /* how many answers below are kept */
    PyObject *follow_of[NCARDS];
    PyObject *lead_of[16];
    PyObject *lead_rule_of; /* the holding lead rule the fields were last read from (NULL: none) */
    PyObject *auction_of[16]; /* the auction rule each seat's hook said holds for its later calls */
    PyObject *auction_rule_of; /* the holding auction rule the fields were last read from (NULL: none) */
    int top_bid;             /* the highest bid the C path has made while the chain holds (-1: none) */
    u128 outside;           /* a holding lead: cards led only from a hand that holds nothing else */
    /* the seat to act, his hand and the cards he may play, as found for version ``allowed_ver``
     * (-1: none): ``legal_action_ids`` finds them, ``apply_id`` of the same version reads them */
    long long allowed_ver;
    long allowed_seat;
    u128 allowed_hand, allowed_cards;
    /* the deal log the C path last recorded in and its list of actions (read once a deal) */
    PyObject *log_of, *log_list;
    PyObject *f[NFIELDS]; /* the state's hot fields (``FIELD_LIST``; NULL: not set) */
} CoreObject;

static int core_traverse(CoreObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->table);
    Py_VISIT(self->strength_of);
    Py_VISIT(self->rule_of);
    Py_VISIT(self->tail);
    Py_VISIT(self->high_field);
    Py_VISIT(self->value_attr);
    Py_VISIT(self->seat_field);
    Py_VISIT(self->choice_before);
    Py_VISIT(self->choice_ids_of);
    Py_VISIT(self->move_target);
    Py_VISIT(self->lead_rule_of);
    Py_VISIT(self->auction_rule_of);
    Py_VISIT(self->log_of);
    Py_VISIT(self->log_list);
    for (int k = 0; k < NFIELDS; k++)
        Py_VISIT(self->f[k]);
    for (int c = 0; c < NCARDS; c++)
        Py_VISIT(self->follow_of[c]);
    for (int s = 0; s < 16; s++) {
        Py_VISIT(self->lead_of[s]);
        Py_VISIT(self->auction_of[s]);
    }
    return 0;
}

/* Drop the answers kept past their version (the chain is broken). */
static void drop_held(CoreObject *self) {
    self->top_bid = -1;
    if (!self->held)
        return;
    for (int c = 0; c < NCARDS; c++)
        Py_CLEAR(self->follow_of[c]);
    for (int s = 0; s < 16; s++) {
        Py_CLEAR(self->lead_of[s]);
        Py_CLEAR(self->auction_of[s]);
    }
    self->held = 0;
}

static int core_clear(CoreObject *self) {
    Py_CLEAR(self->table);
    Py_CLEAR(self->strength_of);
    Py_CLEAR(self->rule_of);
    Py_CLEAR(self->tail);
    Py_CLEAR(self->high_field);
    Py_CLEAR(self->value_attr);
    Py_CLEAR(self->seat_field);
    Py_CLEAR(self->choice_before);
    Py_CLEAR(self->choice_ids_of);
    Py_CLEAR(self->move_target);
    Py_CLEAR(self->lead_rule_of);
    Py_CLEAR(self->auction_rule_of);
    Py_CLEAR(self->log_of);
    Py_CLEAR(self->log_list);
    for (int k = 0; k < NFIELDS; k++)
        Py_CLEAR(self->f[k]);
    self->held = 1;
    drop_held(self);
    return 0;
}

static void core_dealloc(CoreObject *self) {
    PyObject_GC_UnTrack(self);
    core_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *core_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)args;
    (void)kwds;
    CoreObject *self = (CoreObject *)type->tp_alloc(type, 0);
    if (self) {
        self->version = -1;
        self->chain = -1;
        self->top_bid = -1;
        self->allowed_ver = -1;
    }
    return (PyObject *)self;
}

/* A borrowed item of the instance dict, with an error naming the field when it is missing. */
static PyObject *field(PyObject *dict, PyObject *name) {
    PyObject *v = PyDict_GetItemWithError(dict, name);
    if (!v && !PyErr_Occurred())
        PyErr_Format(PyExc_AttributeError, "state has no field %R", name);
    return v;
}

/* A hot field of the state (borrowed), with an error naming it when it is not set. */
static PyObject *fget(CoreObject *self, int k) {
    PyObject *v = self->f[k];
    if (!v)
        PyErr_Format(PyExc_AttributeError, "state has no field '%s'", field_names[k]);
    return v;
}

/* Set a hot field of the state to ``value`` (a reference of its own taken). */
static void fset(CoreObject *self, int k, PyObject *value) {
    Py_XSETREF(self->f[k], Py_NewRef(value));
}

/* The index of the hot field named ``name`` (an interned string), -1: a field of the dict. */
static int hot_index(PyObject *name) {
    for (int k = 0; k < NFIELDS; k++)
        if (field_name_objs[k] == name)
            return k;
    return -1;
}

/* -1 with a ValueError if ``name`` (a field a hook names for C to read or set in the instance
 * dict) is one of the hot fields, which are not in the dict; else 0. */
static int not_hot(PyObject *name, const char *what) {
    if (!PyUnicode_Check(name))
        return 0;
    for (int k = 0; k < NFIELDS; k++)
        if (PyUnicode_CompareWithASCIIString(name, field_names[k]) == 0) {
            PyErr_Format(PyExc_ValueError, "%s: %R is a field of the C base, not of the instance dict", what, name);
            return -1;
        }
    return 0;
}

/* Call the state's method ``name`` (with ``arg`` unless NULL) for what it does, not its value. */
static int hook(PyObject *self, PyObject *name, PyObject *arg) {
    PyObject *out = arg ? PyObject_CallMethodOneArg(self, name, arg) : PyObject_CallMethodNoArgs(self, name);
    Py_XDECREF(out);
    return out ? 0 : -1;
}

/* Record ``(seat, action)`` in the deal's log and set the state's version, as ``_commit`` does. */
static int record(CoreObject *self, PyObject *seat, PyObject *action, long long version) {
    PyObject *deals = fget(self, F_DEALS);
    if (!deals)
        return -1;
    if (!PyList_Check(deals) || PyList_GET_SIZE(deals) == 0) {
        PyErr_SetString(PyExc_RuntimeError, "no deal to record the action in");
        return -1;
    }
    PyObject *deal = PyList_GET_ITEM(deals, PyList_GET_SIZE(deals) - 1);
    if (deal != self->log_of) { /* a deal not met yet (a copy's is its own object) */
        PyObject *log = PyObject_GetAttr(deal, s_actions);
        if (!log)
            return -1;
        Py_XSETREF(self->log_list, log);
        Py_XSETREF(self->log_of, Py_NewRef(deal));
    }
    PyObject *pair = PyTuple_Pack(2, seat, action);
    int bad = !pair || PyList_Append(self->log_list, pair) < 0;
    Py_XDECREF(pair);
    if (bad)
        return -1;
    PyObject *v = PyLong_FromLongLong(version);
    if (!v)
        return -1;
    Py_XSETREF(self->f[F_VERSION], v);
    return 0;
}

/* Read up to ``size`` ints of ``lo … hi`` from a sequence into ``out`` (exactly ``size`` when
 * ``exact``); ``what`` names them in an error. */
static int read_bytes(PyObject *obj, unsigned char *out, Py_ssize_t size, int exact, long lo, long hi, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (exact && n != size) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %zd entries wanted", what, size);
        return -1;
    }
    for (Py_ssize_t k = 0; k < n && k < size; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if ((v == -1 && PyErr_Occurred()) || v < lo || v > hi) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "%s: values %ld … %ld wanted", what, lo, hi);
            return -1;
        }
        out[k] = (unsigned char)v;
    }
    Py_DECREF(seq);
    return 0;
}

/* The seat that decides for each hand (``None``: each seat for its own). */
static int read_controllers(CoreObject *self, PyObject *controllers) {
    for (int s = 0; s < 16; s++)
        self->controller[s] = (unsigned char)s;
    if (controllers == Py_None)
        return 0;
    return read_bytes(controllers, self->controller, 16, 0, 0, 15, "the controllers of the hands");
}

/* Read the hook's tuple: (table, led, trump, must_trump, free, void_suit, strength, controllers[,
 * tail]); with a tail the finished trick is ``(trick, winner, tail)``, what the game's own
 * ``_finished_trick`` makes of this trick, without asking it. */
static int read_rule(CoreObject *self, PyObject *rule) {
    if (rule == self->rule_of) /* the same (immutable) rule as last read: the fields hold it */
        return 0;
    Py_CLEAR(self->rule_of);
    Py_CLEAR(self->tail);
    if (!PyTuple_Check(rule) || (PyTuple_GET_SIZE(rule) != 8 && PyTuple_GET_SIZE(rule) != 9)) {
        PyErr_SetString(PyExc_TypeError, "_follow_rule() must return None or an 8- or 9-tuple");
        return -1;
    }
    if (read_controllers(self, PyTuple_GET_ITEM(rule, 7)) < 0)
        return -1;
    PyObject *table = PyTuple_GET_ITEM(rule, 0);
    if (!PyObject_TypeCheck(table, &TableType)) {
        PyErr_SetString(PyExc_TypeError, "_follow_rule()[0] must be a Table");
        return -1;
    }
    if (mask_from_py(PyTuple_GET_ITEM(rule, 1), &self->led) < 0 ||
        mask_from_py(PyTuple_GET_ITEM(rule, 2), &self->trump) < 0 ||
        mask_from_py(PyTuple_GET_ITEM(rule, 4), &self->free_cards) < 0)
        return -1;
    int must = PyObject_IsTrue(PyTuple_GET_ITEM(rule, 3));
    long void_suit = PyLong_AsLong(PyTuple_GET_ITEM(rule, 5));
    if (must < 0 || (void_suit == -1 && PyErr_Occurred()))
        return -1;
    PyObject *strength = PyTuple_GET_ITEM(rule, 6);
    if (strength != self->strength_of) {
        if (read_bytes(strength, self->strength, NCARDS, 1, 0, 255, "the strength of each card id") < 0)
            return -1;
        Py_XSETREF(self->strength_of, Py_NewRef(strength));
    }
    Py_XSETREF(self->table, (TableObject *)Py_NewRef(table));
    self->must_trump = must;
    self->void_suit = (int)void_suit;
    if (PyTuple_GET_SIZE(rule) == 9)
        self->tail = Py_NewRef(PyTuple_GET_ITEM(rule, 8));
    self->rule_of = Py_NewRef(rule);
    return 0;
}

/* Read the lead hook's tuple: (table, allowed, width, controllers[, extra ids[, outside]]); the
 * extra ids (a declaration with the lead: a marriage, a combination) are listed after the plain
 * plays and carried out by the Python reference.  With a sixth field (and no extra ids) the
 * answer holds for the seat's later leads while the chain holds: the cards of his hand outside
 * ``outside``, or the whole hand when it holds nothing else (``allowed`` is not read). */
static int read_lead(CoreObject *self, PyObject *rule) {
    Py_CLEAR(self->rule_of); /* the fields below are the lead's */
    Py_ssize_t size = PyTuple_Check(rule) ? PyTuple_GET_SIZE(rule) : 0;
    if (size < 4 || size > 6 || (size >= 5 && !PyTuple_Check(PyTuple_GET_ITEM(rule, 4))) ||
        (size == 6 && PyTuple_GET_SIZE(PyTuple_GET_ITEM(rule, 4)) != 0)) {
        PyErr_SetString(PyExc_TypeError,
                        "_lead_rule() must return None or a 4-tuple (5: and a tuple of ids; 6: no ids and the cards outside)");
        return -1;
    }
    self->nprefix = 0;
    self->outside = 0;
    Py_CLEAR(self->lead_rule_of);
    if (size == 6) {
        if (mask_from_py(PyTuple_GET_ITEM(rule, 5), &self->outside) < 0)
            return -1;
        self->lead_rule_of = Py_NewRef(rule);
    } else if (size == 5) {
        PyObject *extra = PyTuple_GET_ITEM(rule, 4);
        Py_ssize_t n = PyObject_TypeCheck(PyTuple_GET_ITEM(rule, 0), &TableType)
                           ? ((TableObject *)PyTuple_GET_ITEM(rule, 0))->n : 0;
        if (PyTuple_GET_SIZE(extra) > MAXPREFIX) {
            PyErr_SetString(PyExc_ValueError, "_lead_rule(): at most 128 extra ids");
            return -1;
        }
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(extra); k++) {
            long i = PyLong_AsLong(PyTuple_GET_ITEM(extra, k));
            if (i < 0 || i >= n) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "_lead_rule(): an extra id out of range");
                return -1;
            }
            self->prefix[k] = (int)i;
        }
        self->nprefix = (int)PyTuple_GET_SIZE(extra);
    }
    PyObject *table = PyTuple_GET_ITEM(rule, 0);
    if (!PyObject_TypeCheck(table, &TableType)) {
        PyErr_SetString(PyExc_TypeError, "_lead_rule()[0] must be a Table");
        return -1;
    }
    long width = PyLong_AsLong(PyTuple_GET_ITEM(rule, 2));
    if (width == -1 && PyErr_Occurred())
        return -1;
    if (width != 2 && width != 3) {
        PyErr_SetString(PyExc_ValueError, "a trick entry has 2 or 3 fields");
        return -1;
    }
    if (size == 6)
        self->led = ~(u128)0; /* the hand, outside ``outside`` where it can */
    else if (mask_from_py(PyTuple_GET_ITEM(rule, 1), &self->led) < 0)
        return -1;
    if (read_controllers(self, PyTuple_GET_ITEM(rule, 3)) < 0)
        return -1;
    Py_XSETREF(self->table, (TableObject *)Py_NewRef(table));
    self->width = (int)width;
    self->void_suit = -1;
    self->free_cards = 0;
    self->trump = 0;
    self->must_trump = 0;
    return 0;
}

/* Read the auction hook's tuple: (table, prefix ids, lo, hi, look_id, pass_id[, fields[, holds]])
 * where fields are the names (high field, value attribute, seat field); ``holds`` true: the answer
 * holds for the seat's later calls while the chain holds, its slice starting above the highest bid
 * made since (the ids of the ladder's bids rise with the bid; a look drops it: it changes the
 * calls). */
static int read_auction(CoreObject *self, PyObject *rule) {
    Py_CLEAR(self->rule_of);
    Py_CLEAR(self->auction_rule_of);
    Py_ssize_t size = PyTuple_Check(rule) ? PyTuple_GET_SIZE(rule) : 0;
    if (size < 6 || size > 8 || !PyTuple_Check(PyTuple_GET_ITEM(rule, 1))) {
        PyErr_SetString(PyExc_TypeError, "_auction_rule() must return None or a 6- to 8-tuple with a tuple of ids");
        return -1;
    }
    if (size == 8) {
        int holds = PyObject_IsTrue(PyTuple_GET_ITEM(rule, 7));
        if (holds < 0)
            return -1;
        if (holds)
            self->auction_rule_of = Py_NewRef(rule);
    }
    PyObject *table = PyTuple_GET_ITEM(rule, 0), *prefix = PyTuple_GET_ITEM(rule, 1);
    if (!PyObject_TypeCheck(table, &TableType) || PyTuple_GET_SIZE(prefix) > MAXPREFIX) {
        PyErr_SetString(PyExc_TypeError, "_auction_rule(): a Table and at most 128 ids before the ladder");
        return -1;
    }
    PyObject *names[3] = {s_high_bid, s_number, s_declarer};
    if (size >= 7) {
        PyObject *given = PyTuple_GET_ITEM(rule, 6);
        if (!PyTuple_Check(given) || PyTuple_GET_SIZE(given) != 3) {
            PyErr_SetString(PyExc_TypeError, "_auction_rule()[6]: (high field, value attribute, seat field)");
            return -1;
        }
        for (int k = 0; k < 3; k++) {
            names[k] = PyTuple_GET_ITEM(given, k);
            /* the value a bid sets: an attribute of the action, or a tuple of values by action id */
            if (!PyUnicode_Check(names[k]) && !(k == 1 && PyTuple_Check(names[k]))) {
                PyErr_SetString(PyExc_TypeError, "_auction_rule()[6]: names are strings (the value: or a tuple by id)");
                return -1;
            }
        }
    }
    if (not_hot(names[0], "_auction_rule()[6]") < 0 || not_hot(names[2], "_auction_rule()[6]") < 0)
        return -1;
    Py_XSETREF(self->high_field, Py_NewRef(names[0]));
    Py_XSETREF(self->value_attr, Py_NewRef(names[1]));
    Py_XSETREF(self->seat_field, Py_NewRef(names[2]));
    Py_ssize_t n = ((TableObject *)table)->n;
    long v[4];
    for (int k = 0; k < 4; k++) {
        v[k] = PyLong_AsLong(PyTuple_GET_ITEM(rule, 2 + k));
        if (v[k] == -1 && PyErr_Occurred())
            return -1;
    }
    self->nprefix = (int)PyTuple_GET_SIZE(prefix);
    for (int k = 0; k < self->nprefix; k++) {
        long i = PyLong_AsLong(PyTuple_GET_ITEM(prefix, k));
        if ((i == -1 && PyErr_Occurred()) || i < 0 || i >= n) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "an action id out of range");
            return -1;
        }
        self->prefix[k] = (int)i;
    }
    if (v[0] < 0 || v[1] > n || v[2] >= n || v[3] >= n || v[3] < 0) {
        PyErr_SetString(PyExc_ValueError, "_auction_rule(): ids out of range");
        return -1;
    }
    self->lo = (int)v[0];
    self->hi = (int)v[1];
    self->look_id = (int)v[2];
    self->pass_id = (int)v[3];
    Py_XSETREF(self->table, (TableObject *)Py_NewRef(table));
    return 0;
}

/* Read the choice hook's tuple: (table, before ids, the action id of each card id, cards, lo,
 * hi[, (target, last)]).  With the seventh field a card chosen only moves from the seat's hand
 * into the int field ``target`` while fewer than ``last`` cards are then in it (a discard into the
 * kitty's place): C does that itself, and the answer holds for the seat's next card (the cards
 * less the one chosen, no ids before, no slice); the card that makes ``last`` is the game's. */
static int read_choice(CoreObject *self, PyObject *rule) {
    Py_CLEAR(self->rule_of);
    Py_ssize_t size = PyTuple_Check(rule) ? PyTuple_GET_SIZE(rule) : 0;
    if ((size != 6 && size != 7) || !PyTuple_Check(PyTuple_GET_ITEM(rule, 1))) {
        PyErr_SetString(PyExc_TypeError, "_choice_rule() must return None or a 6- or 7-tuple with a tuple of ids");
        return -1;
    }
    Py_CLEAR(self->move_target);
    if (size == 7) {
        PyObject *move = PyTuple_GET_ITEM(rule, 6);
        long last = -1;
        if (PyTuple_Check(move) && PyTuple_GET_SIZE(move) == 2 && PyUnicode_Check(PyTuple_GET_ITEM(move, 0)))
            last = PyLong_AsLong(PyTuple_GET_ITEM(move, 1));
        if (last < 0 || last > NCARDS) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "_choice_rule()[6]: (the field a card moves into, the count it ends at)");
            return -1;
        }
        if (not_hot(PyTuple_GET_ITEM(move, 0), "_choice_rule()[6]") < 0)
            return -1;
        self->move_target = Py_NewRef(PyTuple_GET_ITEM(move, 0));
        self->move_last = (int)last;
    }
    PyObject *table = PyTuple_GET_ITEM(rule, 0), *before = PyTuple_GET_ITEM(rule, 1);
    PyObject *ids_of = PyTuple_GET_ITEM(rule, 2);
    if (!PyObject_TypeCheck(table, &TableType)) {
        PyErr_SetString(PyExc_TypeError, "_choice_rule()[0] must be a Table");
        return -1;
    }
    Py_ssize_t n = ((TableObject *)table)->n;
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(before); k++) {
        long i = PyLong_AsLong(PyTuple_GET_ITEM(before, k));
        if (i < 0 || i >= n) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "_choice_rule(): an action id out of range");
            return -1;
        }
    }
    if (ids_of != self->choice_ids_of) {
        PyObject *seq = PySequence_Fast(ids_of, "_choice_rule()[2] must be a sequence");
        if (!seq)
            return -1;
        Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
        for (int c = 0; c < NCARDS; c++) {
            long i = c < m ? PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c)) : -1;
            if (i == -1 && PyErr_Occurred()) {
                Py_DECREF(seq);
                return -1;
            }
            self->choice_id[c] = i >= 0 && i < n ? (int)i : -1;
        }
        Py_DECREF(seq);
        Py_XSETREF(self->choice_ids_of, Py_NewRef(ids_of));
    }
    if (mask_from_py(PyTuple_GET_ITEM(rule, 3), &self->choice_cards) < 0)
        return -1;
    long lo = PyLong_AsLong(PyTuple_GET_ITEM(rule, 4)), hi = PyLong_AsLong(PyTuple_GET_ITEM(rule, 5));
    if (PyErr_Occurred())
        return -1;
    if (lo < 0 || hi > n || (hi > lo && lo >= n)) {
        PyErr_SetString(PyExc_ValueError, "_choice_rule(): the slice is out of range");
        return -1;
    }
    Py_XSETREF(self->choice_before, Py_NewRef(before));
    Py_XSETREF(self->table, (TableObject *)Py_NewRef(table));
    self->choice_lo = (int)lo;
    self->choice_hi = (int)hi;
    return 0;
}

/* Ask the state's hook ``name`` about the decision of version ``ver`` and read its answer with
 * ``read``: ``kind`` when it describes the decision, 0 when it declines (``None``), -1 on an error. */
static int ask(CoreObject *self, PyObject *name, int (*read)(CoreObject *, PyObject *), int kind, long long ver) {
    PyObject *rule = PyObject_CallMethodNoArgs((PyObject *)self, name);
    if (!rule)
        return -1;
    int ok = 0;
    if (rule != Py_None) {
        if (read(self, rule) < 0) {
            Py_DECREF(rule);
            return -1;
        }
        ok = kind;
    }
    Py_DECREF(rule);
    self->version = ver;
    self->covered = ok;
    return ok;
}

/* Read a kept answer of the hooks again for the decision of version ``ver``: ``kind``, -1 on an error. */
static int reuse(CoreObject *self, PyObject *rule, int (*read)(CoreObject *, PyObject *), int kind, long long ver) {
    if (read(self, rule) < 0)
        return -1;
    self->version = ver;
    self->covered = kind;
    return kind;
}

/* The card id of a trick's first entry, the key of its kept follow rule: -1 when it is not kept
 * (a suit named with the card), -2 on an error. */
/* The card type whose ``id`` is a slot (``prikup.core.cards.Card``) and the slot's offset, found
 * at the first card met: a card's id is then read from its slot (``getattr`` was ~160
 * instructions, at every follow and four times a trick's end). */
static PyTypeObject *card_type = NULL;
static Py_ssize_t card_id_offset = 0;

/* A card's ``id`` (a new reference; NULL: an error is set). */
static PyObject *card_id(PyObject *card) {
    if (Py_TYPE(card) == card_type) {
        PyObject *id = *(PyObject **)((char *)card + card_id_offset);
        if (id)
            return Py_NewRef(id);
    } else if (!card_type) {
        PyObject *d = _PyType_Lookup(Py_TYPE(card), s_id);
        if (d && Py_IS_TYPE(d, &PyMemberDescr_Type) && ((PyMemberDescrObject *)d)->d_member->type == T_OBJECT_EX) {
            card_id_offset = ((PyMemberDescrObject *)d)->d_member->offset;
            card_type = (PyTypeObject *)Py_NewRef(Py_TYPE(card));
        }
    }
    return PyObject_GetAttr(card, s_id);
}

static int led_card(PyObject *entry) {
    if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) < 2 ||
        (PyTuple_GET_SIZE(entry) > 2 && PyTuple_GET_ITEM(entry, 2) != Py_None))
        return -1;
    PyObject *idobj = card_id(PyTuple_GET_ITEM(entry, 1));
    if (!idobj)
        return -2;
    long id = PyLong_AsLong(idobj);
    Py_DECREF(idobj);
    if (id == -1 && PyErr_Occurred())
        return -2;
    return id >= 0 && id < NCARDS ? (int)id : -1;
}

/* The seat to act (``_turn``): -1 when it is none, -2 on an error. */
static long turn_of(CoreObject *self) {
    PyObject *turn = fget(self, F_TURN);
    if (!turn)
        return -2;
    if (turn == Py_None)
        return -1;
    long seat = PyLong_AsLong(turn);
    if (seat == -1 && PyErr_Occurred())
        return -2;
    return seat < 0 ? -1 : seat;
}

/* The field the type's ``_follow_rule`` is keyed by (its ``follow_key`` attribute, set by
 * ``prikup.core.game.follow_rule_keyed_by``; borrowed), or NULL: none (or an error, then set).  The
 * engine's own rule reads the trump through ``_trump_suit``: keyed only while that is the engine's. */
static PyObject *follow_key(PyTypeObject *type) {
    PyObject *fn = _PyType_Lookup(type, s_follow_rule);
    if (!fn || !PyFunction_Check(fn))
        return NULL;
    if (fn == default_follow && _PyType_Lookup(type, s_trump_suit) != default_trump_suit)
        return NULL;
    PyObject *attrs = ((PyFunctionObject *)fn)->func_dict; /* borrowed; NULL: no attribute set */
    PyObject *name = attrs ? PyDict_GetItemWithError(attrs, s_follow_key) : NULL;
    return name && PyUnicode_Check(name) ? name : NULL;
}

/* Whether the C path decides now: 1 yes, 0 no, -1 error.  ``*version`` gets the state's version. */
static int covered(CoreObject *self, PyObject *dict, long long *version) {
    PyObject *v = fget(self, F_VERSION);
    if (!v)
        return -1;
    long long ver = PyLong_AsLongLong(v);
    if (ver == -1 && PyErr_Occurred())
        return -1;
    *version = ver;
    if (ver == self->version)
        return self->covered;
    self->version = -1;
    if (ver != self->chain) /* something besides the C path has acted: ask the hooks afresh */
        drop_held(self);
    PyObject *phase = fget(self, F_PHASE);
    if (!phase)
        return -1;
    if (phase == auction_phase) { /* the seat's holding answer (above the bids since), else his hook's */
        long seat = turn_of(self);
        if (seat == -2)
            return -1;
        if (seat >= 0 && seat < 16 && self->auction_of[seat]) {
            if (reuse(self, self->auction_of[seat], read_auction, 3, ver) < 0)
                return -1;
            if (self->top_bid >= self->lo)
                self->lo = self->top_bid + 1;
            return 3;
        }
        int ok = ask(self, s_auction_rule, read_auction, 3, ver);
        if (ok == 3 && self->auction_rule_of && seat >= 0 && seat < 16) {
            self->auction_of[seat] = Py_NewRef(self->auction_rule_of);
            self->held++;
        }
        return ok;
    }
    if (phase != play_phase) /* a choice of cards or calls, if the game's hook describes it */
        return ask(self, s_choice_rule, read_choice, 4, ver);
    PyObject *trick = fget(self, F_TRICK);
    if (!trick)
        return -1;
    if (!PyList_Check(trick))
        return 0;
    if (PyList_GET_SIZE(trick) == 0) { /* a lead: the seat's holding answer, else his hook's */
        long seat = turn_of(self);
        if (seat == -2)
            return -1;
        if (seat >= 0 && seat < 16 && self->lead_of[seat])
            return reuse(self, self->lead_of[seat], read_lead, 2, ver);
        int ok = ask(self, s_lead_rule, read_lead, 2, ver);
        if (ok == 2 && self->lead_rule_of && seat >= 0 && seat < 16) {
            self->lead_of[seat] = Py_NewRef(self->lead_rule_of);
            self->held++;
        }
        return ok;
    }
    /* a follow: the rule given for a trick led by the same card, else the hook's */
    int card = led_card(PyList_GET_ITEM(trick, 0));
    if (card == -2)
        return -1;
    if (card >= 0 && self->follow_of[card])
        return reuse(self, self->follow_of[card], read_rule, 1, ver);
    /* a hook keyed by a field (follow_rule_keyed_by): the game's answer for this card and value */
    PyObject *key = NULL, *type = (PyObject *)Py_TYPE(self), *name = NULL;
    TableObject *t = self->table; /* the game's, once a hook has named it */
    if (card >= 0 && t && t->memo_type == type) /* the type's key, found when its answers were kept */
        name = t->memo_name;
    else if (card >= 0 && !(name = follow_key(Py_TYPE(self))) && PyErr_Occurred())
        return -1;
    if (name) {
        int hot = hot_index(name); /* ``follow_rule_keyed_by`` interns the name */
        key = hot >= 0 ? self->f[hot] : PyDict_GetItemWithError(dict, name); /* borrowed */
        if (!key && PyErr_Occurred())
            return -1;
        if (!key)
            key = Py_None;
        if (t && t->memo_type == type)
            for (int w = 0; w < MEMO_WAYS; w++)
                if (t->memo_rule[card][w] && t->memo_key[card][w] == key)
                    return reuse(self, t->memo_rule[card][w], read_rule, 1, ver);
    }
    Py_XINCREF(key); /* both held across the hook's call (borrowed: from the dict, the table) */
    Py_XINCREF(name);
    int ok = ask(self, s_follow_rule, read_rule, 1, ver);
    if (ok == 1 && key)
        memo_store(self->table, type, name, key, self->led | (u128)1 << card, self->rule_of);
    Py_XDECREF(key);
    Py_XDECREF(name);
    if (ok == 1 && card >= 0) /* the same answer for a trick led by any card of this suit */
        for (u128 same = self->led | (u128)1 << card; same; same &= same - 1) {
            int c = low_card(same);
            if (c < NCARDS && !self->follow_of[c]) {
                self->follow_of[c] = Py_NewRef(self->rule_of);
                self->held++;
            }
        }
    return ok;
}

/* The seat to act and the cards it may play to the open trick. */
static int allowed_now(CoreObject *self, long *seat, u128 *hand, u128 *allowed) {
    if (self->version >= 0 && self->allowed_ver == self->version) { /* found for this version */
        *seat = self->allowed_seat;
        *hand = self->allowed_hand;
        *allowed = self->allowed_cards;
        return 0;
    }
    PyObject *turn = fget(self, F_TURN);
    if (!turn)
        return -1;
    *seat = PyLong_AsLong(turn);
    if (*seat == -1 && PyErr_Occurred())
        return -1;
    PyObject *hands = fget(self, F_HANDS);
    if (!hands)
        return -1;
    if (!PyList_Check(hands) || *seat < 0 || *seat >= PyList_GET_SIZE(hands)) {
        PyErr_SetString(PyExc_RuntimeError, "the seat to act has no hand");
        return -1;
    }
    if (mask_from_py(PyList_GET_ITEM(hands, *seat), hand) < 0)
        return -1;
    u128 h = *hand, same = h & self->led;
    if (self->covered == 2) /* a lead: the cards the hook allows (outside ``outside`` where it can) */
        *allowed = (same & ~self->outside) ? same & ~self->outside : same;
    else if (same)
        *allowed = same | (h & self->free_cards);
    else if (self->must_trump && (h & self->trump))
        *allowed = (h & self->trump) | (h & self->free_cards);
    else
        *allowed = h;
    self->allowed_ver = self->version;
    self->allowed_seat = *seat;
    self->allowed_hand = h;
    self->allowed_cards = *allowed;
    return 0;
}

static PyObject *legal_list(CoreObject *self, u128 allowed, int as_ids) {
    TableObject *t = self->table;
    int extra = self->covered == 2 ? self->nprefix : 0; /* a lead: the declarations the hook listed */
    Py_ssize_t count = extra;
    for (u128 a = allowed; a; a &= a - 1)
        count += t->play_id[low_card(a)] >= 0;
    PyObject *out = PyList_New(count);
    if (!out)
        return NULL;
    Py_ssize_t k = 0;
    for (; allowed; allowed &= allowed - 1) {
        int i = t->play_id[low_card(allowed)];
        if (i >= 0)
            PyList_SET_ITEM(out, k++, Py_NewRef(as_ids ? t->ids[i] : PyTuple_GET_ITEM(t->actions, i)));
    }
    for (int j = 0; j < extra; j++) { /* after the plain plays */
        int i = self->prefix[j];
        PyList_SET_ITEM(out, k++, Py_NewRef(as_ids ? t->ids[i] : PyTuple_GET_ITEM(t->actions, i)));
    }
    return out;
}

/* An auction's legal calls: the prefix (look, pass), then the ladder's slice ``lo … hi - 1``. */
static PyObject *auction_list(CoreObject *self, int as_ids) {
    TableObject *t = self->table;
    int count = self->nprefix + (self->hi > self->lo ? self->hi - self->lo : 0);
    PyObject *out = PyList_New(count);
    if (!out)
        return NULL;
    int k = 0;
    for (int j = 0; j < self->nprefix; j++, k++) {
        PyObject *item = as_ids ? t->ids[self->prefix[j]] : PyTuple_GET_ITEM(t->actions, self->prefix[j]);
        PyList_SET_ITEM(out, k, Py_NewRef(item));
    }
    for (int i = self->lo; i < self->hi; i++, k++) {
        PyObject *item = as_ids ? t->ids[i] : PyTuple_GET_ITEM(t->actions, i);
        PyList_SET_ITEM(out, k, Py_NewRef(item));
    }
    return out;
}

/* ``list[i] = value`` on the list field ``name`` (its value ``list``; NULL: an error is set). */
static int set_item(PyObject *list, const char *name, long i, PyObject *value) {
    if (!list)
        return -1;
    if (!PyList_Check(list) || i < 0 || i >= PyList_GET_SIZE(list)) {
        PyErr_Format(PyExc_RuntimeError, "field '%s' has no seat %ld", name, i);
        return -1;
    }
    Py_INCREF(value);
    return PyList_SetItem(list, i, value);
}

/* Append ``(seat, text)`` to the auction's ``calls``. */
static int append_call(CoreObject *self, PyObject *seat, PyObject *text) {
    PyObject *list = fget(self, F_CALLS);
    if (!list)
        return -1;
    PyObject *pair = PyTuple_Pack(2, seat, text);
    int bad = !pair || PyList_Append(list, pair) < 0;
    Py_XDECREF(pair);
    return bad ? -1 : 0;
}

/* The auction call ``i`` of the seat to act, as the engine's ``_pass``/``_bid``/``_after_call``
 * and 501's ``look`` do it. */
static PyObject *call(CoreObject *self, PyObject *dict, long long ver, int i) {
    TableObject *t = self->table;
    PyObject *action = PyTuple_GET_ITEM(t->actions, i), *text = PyTuple_GET_ITEM(t->texts, i);
    PyObject *seat_obj = fget(self, F_TURN);
    if (!seat_obj)
        return NULL;
    Py_INCREF(seat_obj);
    Py_INCREF(action);
    long seat = PyLong_AsLong(seat_obj);
    self->version = -1;
    self->chain = -1;
    if (record(self, seat_obj, action, ver + 1) < 0)
        goto fail;
    int bad;
    if (i == self->look_id) { /* leaves the dark; the same seat calls next */
        if (set_item(field(dict, s_dark), "dark", seat, Py_False) < 0 || append_call(self, seat_obj, text) < 0)
            goto fail;
        if (seat >= 0 && seat < 16)
            Py_CLEAR(self->auction_of[seat]); /* his calls are others now */
        self->chain = ver + 1;
        Py_DECREF(seat_obj);
        return action;
    }
    if (i == self->pass_id) {
        if (set_item(fget(self, F_PASSED), "passed", seat, Py_True) < 0 || append_call(self, seat_obj, text) < 0)
            goto fail;
    } else {
        PyObject *number;
        if (PyUnicode_Check(self->value_attr)) {
            number = PyObject_GetAttr(action, self->value_attr);
        } else if (i < PyTuple_GET_SIZE(self->value_attr)) {
            number = Py_NewRef(PyTuple_GET_ITEM(self->value_attr, i));
        } else {
            PyErr_SetString(PyExc_ValueError, "_auction_rule(): the bid has no value in the tuple of values");
            number = NULL;
        }
        if (!number)
            goto fail;
        bad = PyDict_SetItem(dict, self->high_field, number) < 0 || PyDict_SetItem(dict, self->seat_field, seat_obj) < 0;
        if (i > self->top_bid)
            self->top_bid = i;
        Py_DECREF(number);
        if (bad || append_call(self, seat_obj, text) < 0)
            goto fail;
    }
    /* who is left: nobody (the game says), the highest bidder alone (he wins), else the next */
    PyObject *in_deal = fget(self, F_IN_DEAL), *passed = in_deal ? fget(self, F_PASSED) : NULL;
    PyObject *after = passed ? fget(self, F_AFTER) : NULL, *declarer = after ? field(dict, self->seat_field) : NULL;
    if (!declarer)
        goto fail;
    if (!PyTuple_Check(in_deal) || !PyList_Check(passed) || !PyList_Check(after))
        goto fail_msg;
    Py_ssize_t left = 0, np = PyList_GET_SIZE(passed);
    PyObject *last = NULL;
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(in_deal); k++) {
        long s = PyLong_AsLong(PyTuple_GET_ITEM(in_deal, k));
        if (s < 0 || s >= np)
            goto fail_msg;
        if (PyList_GET_ITEM(passed, s) != Py_True) {
            left++;
            last = PyTuple_GET_ITEM(in_deal, k);
        }
    }
    if (left == 0) {
        if (hook((PyObject *)self, s_all_passed, NULL) < 0 || hook((PyObject *)self, s_after_commit, NULL) < 0)
            goto fail;
    } else if (left == 1 && declarer != Py_None && PyObject_RichCompareBool(declarer, last, Py_EQ) == 1) {
        if (hook((PyObject *)self, s_win_auction, last) < 0)
            goto fail;
    } else {
        long nxt = seat;
        for (int guard = 0; guard < 16; guard++) {
            if (nxt < 0 || nxt >= PyList_GET_SIZE(after))
                goto fail_msg;
            PyObject *n_obj = PyList_GET_ITEM(after, nxt);
            nxt = PyLong_AsLong(n_obj);
            if (nxt < 0 || nxt >= np)
                goto fail_msg;
            if (PyList_GET_ITEM(passed, nxt) != Py_True) {
                fset(self, F_TURN, n_obj);
                self->chain = ver + 1;
                break;
            }
        }
    }
    Py_DECREF(seat_obj);
    return action;
fail_msg:
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError, "the state's fields are not those of a trick game's auction");
fail:
    Py_DECREF(seat_obj);
    Py_DECREF(action);
    return NULL;
}

/* A choice's legal actions: the ids before, each card's id (lowest card first), the slice. */
static PyObject *choice_list(CoreObject *self, int as_ids) {
    TableObject *t = self->table;
    PyObject *before = self->choice_before;
    Py_ssize_t nb = PyTuple_GET_SIZE(before), count = nb;
    for (u128 cards = self->choice_cards; cards; cards &= cards - 1) {
        int c = low_card(cards);
        count += c < NCARDS && self->choice_id[c] >= 0;
    }
    if (self->choice_hi > self->choice_lo)
        count += self->choice_hi - self->choice_lo;
    PyObject *out = PyList_New(count); /* (read_choice checked every id: no error below) */
    if (!out)
        return NULL;
    Py_ssize_t k = 0;
    for (Py_ssize_t j = 0; j < nb; j++) {
        long i = PyLong_AsLong(PyTuple_GET_ITEM(before, j));
        PyList_SET_ITEM(out, k++, Py_NewRef(as_ids ? t->ids[i] : PyTuple_GET_ITEM(t->actions, i)));
    }
    for (u128 cards = self->choice_cards; cards; cards &= cards - 1) {
        int c = low_card(cards);
        int i = c < NCARDS ? self->choice_id[c] : -1;
        if (i >= 0)
            PyList_SET_ITEM(out, k++, Py_NewRef(as_ids ? t->ids[i] : PyTuple_GET_ITEM(t->actions, i)));
    }
    for (int i = self->choice_lo; i < self->choice_hi; i++)
        PyList_SET_ITEM(out, k++, Py_NewRef(as_ids ? t->ids[i] : PyTuple_GET_ITEM(t->actions, i)));
    return out;
}

/* Whether action ``i`` is one of the choice's. */
static int choice_has(CoreObject *self, long i) {
    if (self->choice_lo <= i && i < self->choice_hi)
        return 1;
    PyObject *before = self->choice_before;
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(before); k++)
        if (PyLong_AsLong(PyTuple_GET_ITEM(before, k)) == i)
            return 1;
    for (u128 cards = self->choice_cards; cards; cards &= cards - 1)
        if (self->choice_id[low_card(cards)] == i)
            return 1;
    return 0;
}

/* The card of the choice's action ``i`` (-1: not one of its cards). */
static int choice_card(CoreObject *self, long i) {
    for (u128 cards = self->choice_cards; cards; cards &= cards - 1) {
        int c = low_card(cards);
        if (c < NCARDS && self->choice_id[c] == i)
            return c;
    }
    return -1;
}

static PyObject *legal_common(CoreObject *self, int as_ids) {
    PyObject *dict = PyObject_GenericGetDict((PyObject *)self, NULL);
    if (!dict)
        return NULL;
    long long ver;
    int cov = covered(self, dict, &ver);
    PyObject *out = NULL;
    if (cov == 3) {
        out = auction_list(self, as_ids);
    } else if (cov == 4) {
        out = choice_list(self, as_ids);
    } else if (cov > 0) {
        long seat;
        u128 hand, allowed;
        if (allowed_now(self, &seat, &hand, &allowed) == 0)
            out = legal_list(self, allowed, as_ids);
    } else if (cov == 0) {
        out = PyObject_CallMethodNoArgs((PyObject *)self, as_ids ? s_ref_legal_action_ids : s_ref_legal_actions);
    }
    Py_DECREF(dict);
    return out;
}

static PyObject *core_legal_actions(CoreObject *self, PyObject *unused) {
    (void)unused;
    return legal_common(self, 0);
}

static PyObject *core_legal_action_ids(CoreObject *self, PyObject *unused) {
    (void)unused;
    return legal_common(self, 1);
}

/* ``list[i] |= bits`` (or ``+= 1`` when ``add`` is set) on a list of ints. */
static int list_update(PyObject *list, long i, u128 bits, int add) {
    if (!PyList_Check(list) || i < 0 || i >= PyList_GET_SIZE(list)) {
        PyErr_SetString(PyExc_RuntimeError, "a seat's field is missing");
        return -1;
    }
    PyObject *old = PyList_GET_ITEM(list, i), *new;
    if (add) {
        long v = PyLong_AsLong(old);
        if (v == -1 && PyErr_Occurred())
            return -1;
        new = PyLong_FromLong(v + 1);
    } else {
        u128 m;
        if (mask_from_py(old, &m) < 0)
            return -1;
        new = mask_to_py(m | bits);
    }
    if (!new)
        return -1;
    PyList_SET_ITEM(list, i, new);
    Py_DECREF(old);
    return 0;
}

/* The tricks of a deal (``state.game.trick_rules.tricks``), -1 on an error. */
static long deal_tricks(CoreObject *self) {
    PyObject *game = fget(self, F_GAME);
    PyObject *rules = game ? PyObject_GetAttr(game, s_trick_rules) : NULL;
    PyObject *n = rules ? PyObject_GetAttr(rules, s_tricks) : NULL;
    Py_XDECREF(rules);
    long v = n ? PyLong_AsLong(n) : -1;
    Py_XDECREF(n);
    if (v < 0 && !PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError, "the game has no tricks per deal");
    return v;
}


/* Play ``card`` of ``seat`` (action ``i``) to the open trick, as TrickState._lay does. */
static PyObject *play(CoreObject *self, PyObject *dict, long long ver, long seat, u128 hand, int card, int i) {
    TableObject *t = self->table;
    PyObject *action = PyTuple_GET_ITEM(t->actions, i);
    PyObject *seat_obj = PyLong_FromLong(seat), *tmp, *trick_list;
    if (!seat_obj)
        return NULL;
    PyObject *decider = seat < 16 ? PyLong_FromLong(self->controller[seat]) : NULL;
    if (!decider) {
        Py_DECREF(seat_obj);
        return NULL;
    }
    Py_INCREF(action);
    self->chain = -1; /* kept answers hold after this action only if it calls no Python */
    int bad = record(self, decider, action, ++ver) < 0;
    Py_CLEAR(decider);
    if (bad)
        goto fail;
    u128 bit = (u128)1 << card;
    /* a card that does not follow shows a void (games that keep them) */
    int lead = self->covered == 2;
    if (!lead && self->void_suit >= 0 && !(self->led & bit) && !(self->free_cards & bit)) {
        PyObject *voids = fget(self, F_VOIDS);
        if (!voids || list_update(voids, seat, (u128)1 << self->void_suit, 0) < 0)
            goto fail;
    }
    PyObject *hands = fget(self, F_HANDS);
    if (!hands || !(tmp = mask_to_py(hand & ~bit)))
        goto fail;
    if (PyList_SetItem(hands, seat, tmp) < 0)
        goto fail;
    trick_list = fget(self, F_TRICK);
    if (!trick_list)
        goto fail;
    Py_INCREF(trick_list);
    Py_ssize_t width = self->width;
    if (!lead) {
        PyObject *first = PyList_GET_SIZE(trick_list) ? PyList_GET_ITEM(trick_list, 0) : NULL;
        if (!first || !PyTuple_Check(first)) {
            Py_DECREF(trick_list);
            goto fail_msg;
        }
        width = PyTuple_GET_SIZE(first); /* the lead's entry shape */
    }
    tmp = width == 3 ? PyTuple_Pack(3, seat_obj, t->cards[card], Py_None) : PyTuple_Pack(2, seat_obj, t->cards[card]);
    bad = !tmp || PyList_Append(trick_list, tmp) < 0;
    Py_XDECREF(tmp);
    if (bad) {
        Py_DECREF(trick_list);
        goto fail;
    }
    PyObject *size_obj = fget(self, F_TRICK_SIZE);
    long size = size_obj ? PyLong_AsLong(size_obj) : -1;
    if (size < 0) {
        Py_DECREF(trick_list);
        goto fail;
    }
    Py_ssize_t count = PyList_GET_SIZE(trick_list);
    if (count < size) { /* the next seat plays */
        Py_DECREF(trick_list);
        PyObject *next = fget(self, F_PLAY_NEXT);
        if (!next || !PyList_Check(next) || seat >= PyList_GET_SIZE(next))
            goto fail_msg;
        fset(self, F_TURN, PyList_GET_ITEM(next, seat));
        /* a follow: the same trick, the hook's answer still holds; after a lead, ask again */
        self->version = lead ? -1 : ver;
        self->chain = ver;
        Py_DECREF(seat_obj);
        return action;
    }
    /* the trick is complete: the highest trump, else the highest card of the suit led */
    self->version = -1;
    int best = 0, best_card = -1, best_trump = 0;
    u128 cards = 0;
    for (Py_ssize_t k = 0; k < count; k++) {
        PyObject *entry = PyList_GET_ITEM(trick_list, k);
        PyObject *c = PyTuple_Check(entry) && PyTuple_GET_SIZE(entry) >= 2 ? card_id(PyTuple_GET_ITEM(entry, 1)) : NULL;
        long id = c ? PyLong_AsLong(c) : -1;
        Py_XDECREF(c);
        if (id < 0 || id >= NCARDS) {
            Py_DECREF(trick_list);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_RuntimeError, "a card of the trick has no id");
            goto fail;
        }
        cards |= (u128)1 << id;
        int is_trump = (int)((self->trump >> id) & 1);
        if (k == 0) {
            best_card = (int)id;
            best_trump = is_trump;
        } else if (is_trump) {
            if (!best_trump || self->strength[id] > self->strength[best_card]) {
                best = (int)k;
                best_card = (int)id;
                best_trump = 1;
            }
        } else if (!best_trump && ((self->led >> id) & 1) && self->strength[id] > self->strength[best_card]) {
            best = (int)k;
            best_card = (int)id;
        }
    }
    PyObject *winner = PyTuple_GET_ITEM(PyList_GET_ITEM(trick_list, best), 0);
    Py_INCREF(winner);
    long w = PyLong_AsLong(winner);
    PyObject *won = fget(self, F_WON), *taken = won ? fget(self, F_TAKEN) : NULL;
    PyObject *tricks = taken ? fget(self, F_TRICKS) : NULL;
    PyObject *finished = NULL;
    if (!tricks || list_update(won, w, 0, 1) < 0 || list_update(taken, w, cards, 0) < 0)
        goto close_fail;
    Py_INCREF(tricks);
    PyTypeObject *type = Py_TYPE(self);
    int pure = 1; /* no Python called: the kept answers still hold */
    if (_PyType_Lookup(type, s_finished_trick) == default_finished) { /* the engine's: (trick, winner) */
        finished = PyTuple_Pack(2, trick_list, winner);
    } else if (self->tail && !lead) { /* the game's, as its follow rule said */
        finished = PyTuple_Pack(3, trick_list, winner, self->tail);
    } else {
        pure = 0;
        finished = PyObject_CallMethodObjArgs((PyObject *)self, s_finished_trick, trick_list, winner, NULL);
    }
    bad = !finished || PyList_Append(tricks, finished) < 0;
    Py_ssize_t done_tricks = PyList_GET_SIZE(tricks);
    Py_DECREF(tricks);
    Py_XDECREF(finished);
    if (bad)
        goto close_fail;
    if (!(tmp = PyList_New(0)))
        goto close_fail;
    Py_XSETREF(self->f[F_TRICK], tmp);
    fset(self, F_TURN, winner);
    if (_PyType_Lookup(type, s_after_trick) == default_after_trick || PyDict_GetItem(dict, s_plain_trick_end) == Py_True) {
        /* the engine's: the deal is scored once every trick is played */
        long per_deal = deal_tricks(self);
        if (per_deal < 0)
            goto close_fail;
        if (done_tricks == per_deal) {
            pure = 0;
            if (hook((PyObject *)self, s_score_play, NULL) < 0)
                goto close_fail;
        }
    } else {
        pure = 0;
        if (hook((PyObject *)self, s_after_trick, winner) < 0)
            goto close_fail;
    }
    /* the engine's _after_commit does nothing unless a deal is over */
    if (_PyType_Lookup(type, s_after_commit) != default_after_commit || self->f[F_PHASE] == deal_phase) {
        pure = 0;
        if (hook((PyObject *)self, s_after_commit, NULL) < 0)
            goto close_fail;
    }
    if (pure)
        self->chain = ver;
    Py_DECREF(winner);
    Py_DECREF(trick_list);
    Py_DECREF(seat_obj);
    return action;
close_fail:
    Py_DECREF(winner);
    Py_DECREF(trick_list);
    goto fail;
fail_msg:
    if (!PyErr_Occurred())
        PyErr_SetString(PyExc_RuntimeError, "the state's fields are not those of a trick game");
fail:
    Py_XDECREF(decider);
    Py_DECREF(seat_obj);
    Py_DECREF(action);
    return NULL;
}

/* Carry out action ``i`` of the seat ``seat`` (a choice, or a lead with a declaration the hook
 * listed: both known legal) as ``State._commit`` does: record it, bump the version, the game's
 * ``_do``, then ``_after_commit`` where the type has its own or a deal is over.  A type with its
 * own ``_commit`` has it called instead. */
static PyObject *commit(CoreObject *self, long long ver, PyObject *seat, int i) {
    PyObject *action = PyTuple_GET_ITEM(self->table->actions, i);
    self->version = -1;
    self->chain = -1;
    PyTypeObject *type = Py_TYPE(self);
    if (!default_commit || _PyType_Lookup(type, s_commit) != default_commit)
        return PyObject_CallMethodObjArgs((PyObject *)self, s_commit, action, seat, NULL);
    Py_INCREF(seat);
    Py_INCREF(action);
    PyObject *args[3] = {(PyObject *)self, seat, action};
    PyObject *done = NULL;
    if (record(self, seat, action, ver + 1) == 0)
        done = PyObject_VectorcallMethod(s_do, args, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_DECREF(seat);
    if (!done) {
        Py_DECREF(action);
        return NULL;
    }
    Py_DECREF(done);
    if (_PyType_Lookup(type, s_after_commit) != default_after_commit || self->f[F_PHASE] == deal_phase) {
        if (hook((PyObject *)self, s_after_commit, NULL) < 0) {
            Py_DECREF(action);
            return NULL;
        }
    }
    return action;
}

/* A choice's card ``card`` (action ``i``) moved by C (``read_choice``'s seventh field): from the
 * hand of the seat to act into the field ``move_target``, recorded as ``_commit`` records it.
 * Returns NULL with no error set when the move is the game's (the last card, or a type with its
 * own ``_commit`` / ``_after_commit``). */
static PyObject *move_card(CoreObject *self, PyObject *dict, long long ver, int card, int i) {
    PyTypeObject *type = Py_TYPE(self);
    if (!default_commit || _PyType_Lookup(type, s_commit) != default_commit ||
        _PyType_Lookup(type, s_after_commit) != default_after_commit)
        return NULL;
    PyObject *seat_obj = fget(self, F_TURN), *hands = fget(self, F_HANDS);
    PyObject *into = hands && seat_obj ? field(dict, self->move_target) : NULL;
    if (!into)
        return NULL;
    long seat = PyLong_AsLong(seat_obj);
    if (seat == -1 && PyErr_Occurred())
        return NULL;
    if (!PyList_Check(hands) || seat < 0 || seat >= PyList_GET_SIZE(hands)) {
        PyErr_SetString(PyExc_RuntimeError, "the seat to act has no hand");
        return NULL;
    }
    u128 hand, kept, bit = (u128)1 << card;
    if (mask_from_py(PyList_GET_ITEM(hands, seat), &hand) < 0 || mask_from_py(into, &kept) < 0)
        return NULL;
    kept |= bit;
    int count = __builtin_popcountll((unsigned long long)kept) + __builtin_popcountll((unsigned long long)(kept >> 64));
    if (count >= self->move_last || !(hand & bit))
        return NULL; /* the last card: the game's step */
    PyObject *action = PyTuple_GET_ITEM(self->table->actions, i);
    Py_INCREF(seat_obj);
    Py_INCREF(action);
    PyObject *h = NULL, *k = NULL;
    self->version = -1;
    self->chain = -1;
    int bad = record(self, seat_obj, action, ver + 1) < 0 || !(h = mask_to_py(hand & ~bit)) ||
              !(k = mask_to_py(kept));
    if (!bad) {
        Py_INCREF(h);
        bad = PyList_SetItem(hands, seat, h) < 0 || PyDict_SetItem(dict, self->move_target, k) < 0;
    }
    Py_XDECREF(h);
    Py_XDECREF(k);
    Py_DECREF(seat_obj);
    if (bad) {
        Py_DECREF(action);
        return NULL;
    }
    /* the same seat's next card: the answer holds, less this card, with nothing before or after */
    self->choice_cards &= ~bit;
    Py_XSETREF(self->choice_before, PyTuple_New(0));
    self->choice_lo = self->choice_hi = 0;
    self->version = self->chain = ver + 1;
    self->covered = 4;
    return action;
}

/* Apply action ``i`` if the C path covers it; ``*done`` says whether it did. */
static PyObject *apply_fast(CoreObject *self, long i, int *done) {
    *done = 0;
    PyObject *dict = PyObject_GenericGetDict((PyObject *)self, NULL);
    if (!dict)
        return NULL;
    long long ver;
    int cov = covered(self, dict, &ver);
    PyObject *out = NULL;
    if (cov < 0)
        goto end;
    if (cov == 3 && i >= 0) {
        int legal = self->lo <= i && i < self->hi;
        for (int k = 0; k < self->nprefix; k++)
            legal |= self->prefix[k] == i;
        if (legal) {
            *done = 1;
            out = call(self, dict, ver, (int)i);
            goto end;
        }
    } else if (cov == 4 && i >= 0 && i < self->table->n) {
        if (choice_has(self, i)) { /* the game's own step, as the reference's _commit does it */
            *done = 1;
            int card = self->move_target ? choice_card(self, i) : -1;
            if (card >= 0) { /* a card C moves itself, unless it is the game's */
                out = move_card(self, dict, ver, card, (int)i);
                if (out || PyErr_Occurred())
                    goto end;
            }
            PyObject *seat = fget(self, F_TURN);
            if (seat)
                out = commit(self, ver, seat, (int)i);
            goto end;
        }
    } else if (cov > 0 && cov < 3 && i >= 0 && i < self->table->n && self->table->card_of[i] >= 0) {
        long seat;
        u128 hand, allowed;
        if (allowed_now(self, &seat, &hand, &allowed) < 0)
            goto end;
        int card = self->table->card_of[i];
        if ((allowed >> card) & 1) {
            *done = 1;
            out = play(self, dict, ver, seat, hand, card, (int)i);
            goto end;
        }
    } else if (cov == 2 && i >= 0 && i < self->table->n) {
        for (int k = 0; k < self->nprefix; k++) {
            if (self->prefix[k] != i)
                continue;
            /* a lead with a declaration the hook listed: legal, carried out by the game's
             * ``_commit`` for the seat to act, as the reference does once it has checked it */
            *done = 1;
            PyObject *seat = fget(self, F_TURN);
            if (seat)
                out = commit(self, ver, seat, (int)i);
            goto end;
        }
    }
    *done = 0;
    out = Py_None; /* not covered: the caller asks Python */
    Py_INCREF(out);
end:
    Py_DECREF(dict);
    return out;
}

static PyObject *core_apply_id(CoreObject *self, PyObject *arg) {
    if (PyLong_CheckExact(arg)) {
        long i = PyLong_AsLong(arg);
        if (!(i == -1 && PyErr_Occurred())) {
            int done;
            PyObject *out = apply_fast(self, i, &done);
            if (!out || done)
                return out;
            Py_DECREF(out);
        } else {
            PyErr_Clear();
        }
    }
    return PyObject_CallMethodOneArg((PyObject *)self, s_ref_apply_id, arg);
}

static PyObject *core_apply(CoreObject *self, PyObject *arg) {
    PyObject *dict = PyObject_GenericGetDict((PyObject *)self, NULL);
    if (!dict)
        return NULL;
    long long ver;
    int cov = covered(self, dict, &ver);
    Py_DECREF(dict);
    if (cov < 0)
        return NULL;
    if (cov > 0) {
        int i = table_find(self->table, arg);
        if (i >= 0) {
            int done;
            PyObject *out = apply_fast(self, i, &done);
            if (!out || done)
                return out;
            Py_DECREF(out);
        }
    }
    return PyObject_CallMethodOneArg((PyObject *)self, s_ref_apply, arg);
}

static PyObject *core_copy_fields(CoreObject *self, PyObject *other);
static PyObject *core_hot_fields(CoreObject *self, PyObject *unused);

static PyMethodDef core_methods[] = {
    {"legal_actions", (PyCFunction)core_legal_actions, METH_NOARGS,
     "Every legal action of the seat to act, complete and exact (a new list of the game's\n"
     "prebuilt actions, in the order of their ids within each kind)."},
    {"legal_action_ids", (PyCFunction)core_legal_action_ids, METH_NOARGS,
     "The integer ids (``Game.all_actions()`` indices) of every legal action."},
    {"apply", (PyCFunction)core_apply, METH_O,
     "Apply the action of the seat to act (its value or text); returns the action.\n\n"
     "An action object from this state's last ``legal_actions()`` (nothing applied since) is\n"
     "known legal and is not checked again; anything else is checked by :meth:`verify`."},
    {"apply_id", (PyCFunction)core_apply_id, METH_O,
     "Apply the legal action with integer id ``action_id``; returns the action."},
    {"_copy_fields", (PyCFunction)core_copy_fields, METH_O,
     "Set the fields kept in C of ``other`` (a new state of the same type) to this state's,\n"
     "lists, dicts and sets copied (what ``State.copy`` does with the instance dict's)."},
    {"_hot_fields", (PyCFunction)core_hot_fields, METH_NOARGS,
     "The fields kept in C that are set, by name (a new dict)."},
    {NULL, NULL, 0, NULL},
};

static PyObject *core_is_over(CoreObject *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->f[F_PHASE] != NULL && self->f[F_PHASE] == over_phase);
}

/* The copy of a hot field's value ``State.copy`` makes: a list, dict or set copied, else shared. */
static PyObject *copied(PyObject *v) {
    if (PyList_CheckExact(v))
        return PyList_GetSlice(v, 0, PyList_GET_SIZE(v));
    if (PyDict_CheckExact(v))
        return PyDict_Copy(v);
    if (PySet_CheckExact(v))
        return PySet_New(v);
    return Py_NewRef(v);
}

static PyObject *core_copy_fields(CoreObject *self, PyObject *other) {
    if (!PyObject_TypeCheck(other, Py_TYPE(self))) {
        PyErr_SetString(PyExc_TypeError, "_copy_fields(): a state of the same type wanted");
        return NULL;
    }
    CoreObject *new = (CoreObject *)other;
    for (int k = 0; k < NFIELDS; k++) {
        PyObject *v = self->f[k] ? copied(self->f[k]) : NULL;
        if (self->f[k] && !v)
            return NULL;
        Py_XSETREF(new->f[k], v);
    }
    Py_RETURN_NONE;
}

static PyObject *core_hot_fields(CoreObject *self, PyObject *unused) {
    (void)unused;
    PyObject *out = PyDict_New();
    for (int k = 0; out && k < NFIELDS; k++)
        if (self->f[k] && PyDict_SetItem(out, field_name_objs[k], self->f[k]) < 0)
            Py_CLEAR(out);
    return out;
}

#define FIELD_MEMBER(id, name) \
    {name, T_OBJECT_EX, offsetof(CoreObject, f) + F_##id * sizeof(PyObject *), 0, "a field of the state, kept in C"},
static PyMemberDef core_members[] = {
    FIELD_LIST(FIELD_MEMBER){NULL, 0, 0, 0, NULL},
};

static PyGetSetDef core_getset[] = {
    {"is_over", (getter)core_is_over, NULL, "True once the match has ended.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "prikup.core._fastcore.Core",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The base of every state: the trick loop's decisions in C, the rest in Python.",
    .tp_new = core_new,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_traverse = (traverseproc)core_traverse,
    .tp_clear = (inquiry)core_clear,
    .tp_methods = core_methods,
    .tp_getset = core_getset,
    .tp_members = core_members,
};

static PyObject *set_phases(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *play, *auction, *deal, *over;
    if (!PyArg_ParseTuple(args, "OOOO", &play, &auction, &deal, &over))
        return NULL;
    Py_XSETREF(play_phase, Py_NewRef(play));
    Py_XSETREF(auction_phase, Py_NewRef(auction));
    Py_XSETREF(deal_phase, Py_NewRef(deal));
    Py_XSETREF(over_phase, Py_NewRef(over));
    Py_RETURN_NONE;
}

static PyObject *set_defaults(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *finished, *after_trick, *after_commit, *follow = NULL, *trump_suit = NULL;
    if (!PyArg_ParseTuple(args, "OOO|OO", &finished, &after_trick, &after_commit, &follow, &trump_suit))
        return NULL;
    Py_XSETREF(default_follow, Py_XNewRef(follow));
    Py_XSETREF(default_trump_suit, Py_XNewRef(trump_suit));
    Py_XSETREF(default_finished, Py_NewRef(finished));
    Py_XSETREF(default_after_trick, Py_NewRef(after_trick));
    Py_XSETREF(default_after_commit, Py_NewRef(after_commit));
    Py_RETURN_NONE;
}

static PyObject *set_commit(PyObject *module, PyObject *commit_fn) {
    (void)module;
    Py_XSETREF(default_commit, Py_NewRef(commit_fn));
    Py_RETURN_NONE;
}

/* random.Random.shuffle of a list, exactly (the same calls of ``getrandbits``, the same swaps),
 * for a generator whose ``_randbelow`` is ``_randbelow_with_getrandbits`` (the caller checks). */
static PyObject *shuffle(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *rng, *list;
    if (!PyArg_ParseTuple(args, "OO!", &rng, &PyList_Type, &list))
        return NULL;
    PyObject *getrandbits = PyObject_GetAttrString(rng, "getrandbits");
    if (!getrandbits)
        return NULL;
    for (Py_ssize_t i = PyList_GET_SIZE(list) - 1; i >= 1; i--) {
        unsigned long long n = (unsigned long long)i + 1, r;
        int k = 64 - __builtin_clzll(n);
        PyObject *kobj = PyLong_FromLong(k);
        if (!kobj)
            goto fail;
        do {
            PyObject *got = PyObject_CallOneArg(getrandbits, kobj);
            if (!got) {
                Py_DECREF(kobj);
                goto fail;
            }
            r = PyLong_AsUnsignedLongLong(got);
            Py_DECREF(got);
            if (r == (unsigned long long)-1 && PyErr_Occurred()) {
                Py_DECREF(kobj);
                goto fail;
            }
        } while (r >= n);
        Py_DECREF(kobj);
        if (PyList_GET_SIZE(list) <= i) {
            PyErr_SetString(PyExc_RuntimeError, "the list changed size while shuffled");
            goto fail;
        }
        PyObject *a = PyList_GET_ITEM(list, i), *b = PyList_GET_ITEM(list, (Py_ssize_t)r);
        PyList_SET_ITEM(list, i, b);
        PyList_SET_ITEM(list, (Py_ssize_t)r, a);
    }
    Py_DECREF(getrandbits);
    Py_RETURN_NONE;
fail:
    Py_DECREF(getrandbits);
    return NULL;
}

/* The bitmask of a sequence of cards (each card's ``id``). */
static int cards_mask_of(PyObject *cards, u128 *out) {
    PyObject *seq = PySequence_Fast(cards, "the cards must be a sequence");
    if (!seq)
        return -1;
    u128 m = 0;
    for (Py_ssize_t k = 0; k < PySequence_Fast_GET_SIZE(seq); k++) {
        PyObject *idobj = PyObject_GetAttr(PySequence_Fast_GET_ITEM(seq, k), s_id);
        long id = idobj ? PyLong_AsLong(idobj) : -1;
        Py_XDECREF(idobj);
        if (id < 0 || id >= NCARDS) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a card id is out of range");
            return -1;
        }
        m |= (u128)1 << id;
    }
    Py_DECREF(seq);
    *out = m;
    return 0;
}

static PyObject *cards_mask(PyObject *module, PyObject *cards) {
    (void)module;
    u128 m;
    if (cards_mask_of(cards, &m) < 0)
        return NULL;
    return mask_to_py(m);
}

/* Every card by id (``prikup.core.cards``' table, given by ``set_cards``): what ``cards_of`` lists. */
static PyObject *card_table = NULL;

static PyObject *set_cards(PyObject *module, PyObject *cards) {
    (void)module;
    if (!PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) > NCARDS) {
        PyErr_Format(PyExc_TypeError, "set_cards() takes a tuple of at most %d cards", NCARDS);
        return NULL;
    }
    Py_XSETREF(card_table, Py_NewRef(cards));
    Py_RETURN_NONE;
}

/* The cards of a bitmask in id order, as a new list (``prikup.core.cards.cards_of``: the
 * observations' hands and tricks, the games' lists of a mask's cards). */
static PyObject *cards_of(PyObject *module, PyObject *arg) {
    (void)module;
    if (!card_table) {
        PyErr_SetString(PyExc_RuntimeError, "cards_of() before set_cards()");
        return NULL;
    }
    if (!PyLong_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "a card mask is an int, not %.100s", Py_TYPE(arg)->tp_name);
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(card_table);
    size_t bits = _PyLong_NumBits(arg); /* (size_t)-1 on an error */
    if (_PyLong_Sign(arg) < 0 || bits == (size_t)-1 || bits > (size_t)n) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "a card mask holds ids 0..%zd only", n - 1);
        return NULL;
    }
    u128 m;
    if (mask_from_py(arg, &m) < 0)
        return NULL;
    int count = __builtin_popcountll((unsigned long long)m) + __builtin_popcountll((unsigned long long)(m >> 64));
    PyObject *out = PyList_New(count);
    if (!out)
        return NULL;
    for (int k = 0; m; m &= m - 1, k++)
        PyList_SET_ITEM(out, k, Py_NewRef(PyTuple_GET_ITEM(card_table, low_card(m))));
    return out;
}

/* Shuffle a copy of ``deck`` with ``rng`` (as ``shuffle``) and deal it in ``packets`` of
 * ``(target, count)`` to ``hands`` hands (target -1: the talon): ``(hands, talon)``. */
static PyObject *deal_packets(PyObject *module, PyObject *args) {
    PyObject *rng, *deck, *packets;
    int nhands;
    if (!PyArg_ParseTuple(args, "OO!iO!", &rng, &PyTuple_Type, &deck, &nhands, &PyTuple_Type, &packets))
        return NULL;
    if (nhands < 1 || nhands > 16) {
        PyErr_SetString(PyExc_ValueError, "1 … 16 hands");
        return NULL;
    }
    PyObject *cards = PySequence_List(deck);
    if (!cards)
        return NULL;
    PyObject *sargs = PyTuple_Pack(2, rng, cards), *done = sargs ? shuffle(module, sargs) : NULL;
    Py_XDECREF(sargs);
    if (!done) {
        Py_DECREF(cards);
        return NULL;
    }
    Py_DECREF(done);
    PyObject *hands = PyList_New(nhands), *talon = PyList_New(0);
    if (!hands || !talon)
        goto fail;
    for (int h = 0; h < nhands; h++) {
        PyObject *hand = PyList_New(0);
        if (!hand)
            goto fail;
        PyList_SET_ITEM(hands, h, hand);
    }
    Py_ssize_t pos = 0, total = PyList_GET_SIZE(cards);
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(packets); k++) {
        PyObject *packet = PyTuple_GET_ITEM(packets, k);
        if (!PyTuple_Check(packet) || PyTuple_GET_SIZE(packet) != 2) {
            PyErr_SetString(PyExc_TypeError, "a packet is a (target, count) tuple");
            goto fail;
        }
        long target = PyLong_AsLong(PyTuple_GET_ITEM(packet, 0));
        long count = PyLong_AsLong(PyTuple_GET_ITEM(packet, 1));
        if (PyErr_Occurred())
            goto fail;
        if (target < -1 || target >= nhands || count < 0 || pos + count > total) {
            PyErr_SetString(PyExc_ValueError, "a packet names no hand or deals past the deck");
            goto fail;
        }
        PyObject *into = target < 0 ? talon : PyList_GET_ITEM(hands, target);
        for (long c = 0; c < count; c++, pos++)
            if (PyList_Append(into, PyList_GET_ITEM(cards, pos)) < 0)
                goto fail;
    }
    if (pos != total) {
        PyErr_Format(PyExc_AssertionError, "deal pattern deals %zd of %zd cards", pos, total);
        goto fail;
    }
    Py_DECREF(cards);
    PyObject *out = PyTuple_Pack(2, hands, talon);
    Py_DECREF(hands);
    Py_DECREF(talon);
    return out;
fail:
    Py_DECREF(cards);
    Py_XDECREF(hands);
    Py_XDECREF(talon);
    return NULL;
}

/* ``getrandbits`` of ``random.Random`` as its C function (a ``METH_O`` method of ``_random.Random``),
 * found once: ``deal_hands`` calls it directly for a generator whose type is ``random.Random``
 * (the caller checks), the same draws as the bound method's call without making one (the bound
 * method's call was about a third of each draw). */
static PyCFunction getrandbits_c = NULL;
static PyObject *s_getrandbits;
static PyTypeObject *getrandbits_type = NULL;

/* One ``getrandbits(k)`` of ``rng`` as an unsigned number (``(unsigned long long)-1`` and an
 * exception on an error): the C function when ``rng``'s type is the one it was found on. */
static unsigned long long draw_bits(PyObject *rng, PyObject *kobj) {
    PyObject *got;
    if (Py_TYPE(rng) == getrandbits_type)
        got = getrandbits_c(rng, kobj);
    else
        got = PyObject_CallMethodOneArg(rng, s_getrandbits, kobj);
    if (!got)
        return (unsigned long long)-1;
    unsigned long long r = PyLong_AsUnsignedLongLong(got);
    Py_DECREF(got);
    return r;
}

/* Find ``getrandbits``'s C function for ``rng``'s type (a method descriptor taking one argument). */
static void find_getrandbits(PyObject *rng) {
    if (getrandbits_type == Py_TYPE(rng))
        return;
    PyObject *d = _PyType_Lookup(Py_TYPE(rng), s_getrandbits);
    if (d && Py_IS_TYPE(d, &PyMethodDescr_Type)) {
        PyMethodDef *def = ((PyMethodDescrObject *)d)->d_method;
        if ((def->ml_flags & (METH_O | METH_VARARGS | METH_KEYWORDS | METH_FASTCALL | METH_NOARGS)) == METH_O) {
            getrandbits_c = def->ml_meth;
            getrandbits_type = Py_TYPE(rng);
        }
    }
}

/* ``random.Random.shuffle`` of the numbers ``0 … n - 1`` (``perm``), exactly as ``shuffle`` swaps a
 * list of ``n`` items. */
static int shuffle_indices(PyObject *rng, int *perm, Py_ssize_t n) {
    find_getrandbits(rng);
    for (Py_ssize_t i = 0; i < n; i++)
        perm[i] = (int)i;
    for (Py_ssize_t i = n - 1; i >= 1; i--) {
        unsigned long long m = (unsigned long long)i + 1, r;
        PyObject *kobj = PyLong_FromLong(64 - __builtin_clzll(m)); /* a small int: cached */
        if (!kobj)
            return -1;
        do {
            r = draw_bits(rng, kobj);
            if (r == (unsigned long long)-1 && PyErr_Occurred()) {
                Py_DECREF(kobj);
                return -1;
            }
        } while (r >= m);
        Py_DECREF(kobj);
        int a = perm[i];
        perm[i] = perm[r];
        perm[r] = a;
    }
    return 0;
}

/* ``deal_packets`` with each hand's and the talon's bitmask: shuffle ``deck`` with ``rng`` (the
 * same draws and swaps) and deal it in packets; ``ids`` is each deck card's id as a byte (the masks
 * are made from them, no card's attribute read) and ``plan`` each packet as two bytes, its target
 * plus one (0: the talon) and its count (read as bytes, not ints: converting the ints was half
 * of the call).  ``(hands, talon, hand masks, talon mask)``. */
static PyObject *deal_hands(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *rng, *deck;
    const unsigned char *ids, *plan;
    Py_ssize_t nids, nplan;
    int nhands;
    if (!PyArg_ParseTuple(args, "OO!y#iy#", &rng, &PyTuple_Type, &deck, &ids, &nids, &nhands, &plan, &nplan))
        return NULL;
    Py_ssize_t total = PyTuple_GET_SIZE(deck);
    if (nhands < 1 || nhands > 16 || total > NCARDS || nids != total || nplan % 2) {
        PyErr_SetString(PyExc_ValueError,
                        "1 … 16 hands, a deck of at most 67 cards, an id for each and packets as byte pairs");
        return NULL;
    }
    Py_ssize_t size[17] = {0}, pos = 0;
    for (Py_ssize_t k = 0; k < nids; k++)
        if (ids[k] >= NCARDS) {
            PyErr_SetString(PyExc_ValueError, "a card id is out of range");
            return NULL;
        }
    for (Py_ssize_t k = 0; k < nplan; k += 2) { /* the sizes first: lists made once */
        int target = plan[k] - 1, count = plan[k + 1];
        if (target >= nhands || pos + count > total) {
            PyErr_SetString(PyExc_ValueError, "a packet names no hand or deals past the deck");
            return NULL;
        }
        size[target < 0 ? nhands : target] += count;
        pos += count;
    }
    if (pos != total) {
        PyErr_Format(PyExc_AssertionError, "deal pattern deals %zd of %zd cards", pos, total);
        return NULL;
    }
    int perm[NCARDS];
    if (shuffle_indices(rng, perm, total) < 0)
        return NULL;
    u128 masks[17] = {0};
    PyObject *hands = PyList_New(nhands), *talon = NULL, *out = NULL, *mlist = NULL;
    if (!hands)
        return NULL;
    for (int h = 0; h <= nhands; h++) {
        PyObject *list = PyList_New(size[h]);
        if (!list)
            goto fail;
        if (h < nhands)
            PyList_SET_ITEM(hands, h, list);
        else
            talon = list;
        size[h] = 0; /* now the count filled */
    }
    pos = 0;
    for (Py_ssize_t k = 0; k < nplan; k += 2) {
        int h = plan[k] ? plan[k] - 1 : nhands;
        PyObject *into = h < nhands ? PyList_GET_ITEM(hands, h) : talon;
        for (int c = 0; c < plan[k + 1]; c++, pos++) {
            int j = perm[pos];
            PyList_SET_ITEM(into, size[h]++, Py_NewRef(PyTuple_GET_ITEM(deck, j)));
            masks[h] |= (u128)1 << ids[j];
        }
    }
    mlist = PyList_New(nhands);
    if (!mlist)
        goto fail;
    for (int h = 0; h < nhands; h++) {
        PyObject *m = mask_to_py(masks[h]);
        if (!m)
            goto fail;
        PyList_SET_ITEM(mlist, h, m);
    }
    PyObject *tmask = mask_to_py(masks[nhands]);
    if (!tmask)
        goto fail;
    out = PyTuple_Pack(4, hands, talon, mlist, tmask);
    Py_DECREF(tmask);
fail:
    Py_DECREF(hands);
    Py_XDECREF(talon);
    Py_XDECREF(mlist);
    return out;
}

static PyMethodDef module_methods[] = {
    {"shuffle", shuffle, METH_VARARGS, "random.Random.shuffle(list), exactly, in C."},
    {"cards_mask", cards_mask, METH_O, "The bitmask of a sequence of cards."},
    {"set_cards", set_cards, METH_O, "Give the table of every card by id that cards_of lists from."},
    {"cards_of", cards_of, METH_O, "The cards of a bitmask, in id order (a new list)."},
    {"deal_hands", deal_hands, METH_VARARGS,
     "deal_packets with the masks: (rng, deck, ids bytes, hands, packets as bytes: target + 1, count) -> "
     "(hands, talon, hand masks, talon mask)."},
    {"deal_packets", deal_packets, METH_VARARGS,
     "Shuffle a copy of the deck (as shuffle) and deal it in (target, count) packets: (hands, talon)."},
    {"set_phases", set_phases, METH_VARARGS,
     "Name the play, auction, deal and match-over phases: the hooks are asked about the first two alone."},
    {"set_commit", set_commit, METH_O,
     "Name the engine's State._commit: C records a listed choice and calls _do itself."},
    {"set_defaults", set_defaults, METH_VARARGS,
     "Name the engine's _finished_trick, _after_trick and _after_commit: C does what they do."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastcore",
                                    "The trick loop's hot decisions in C (see prikup/core/game.py).", -1,
                                    module_methods, NULL, NULL, NULL, NULL};

#define INTERN(var, text)                                  \
    if (!(var = PyUnicode_InternFromString(text)))         \
        return NULL;

PyMODINIT_FUNC PyInit__fastcore(void) {
    INTERN(s_id, "id");
    INTERN(s_getrandbits, "getrandbits");
    INTERN(s_trick_rules, "trick_rules");
    INTERN(s_score_play, "_score_play");
    INTERN(s_choice_rule, "_choice_rule");
    INTERN(s_commit, "_commit");
    INTERN(s_do, "_do");
    INTERN(s_plain_trick_end, "_plain_trick_end");
    INTERN(s_lead_rule, "_lead_rule");
    INTERN(s_auction_rule, "_auction_rule");
    INTERN(s_dark, "dark");
    INTERN(s_high_bid, "high_bid");
    INTERN(s_declarer, "declarer");
    INTERN(s_number, "number");
    INTERN(s_all_passed, "_all_passed");
    INTERN(s_win_auction, "_win_auction");
    INTERN(s_tricks, "tricks");
    INTERN(s_actions, "actions");
    INTERN(s_follow_rule, "_follow_rule");
    INTERN(s_trump_suit, "_trump_suit");
    INTERN(s_follow_key, "follow_key");
    INTERN(s_finished_trick, "_finished_trick");
    INTERN(s_after_trick, "_after_trick");
    INTERN(s_after_commit, "_after_commit");
    INTERN(s_ref_legal_actions, "_ref_legal_actions");
    INTERN(s_ref_legal_action_ids, "_ref_legal_action_ids");
    INTERN(s_ref_apply, "_ref_apply");
    INTERN(s_ref_apply_id, "_ref_apply_id");
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    PyObject *names = PyTuple_New(NFIELDS);
    for (int k = 0; names && k < NFIELDS; k++) {
        if (!(field_name_objs[k] = PyUnicode_InternFromString(field_names[k]))) {
            Py_CLEAR(names);
            break;
        }
        PyTuple_SET_ITEM(names, k, Py_NewRef(field_name_objs[k]));
    }
    if (!names || PyModule_AddObject(m, "FIELDS", names) < 0) {
        Py_XDECREF(names);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
