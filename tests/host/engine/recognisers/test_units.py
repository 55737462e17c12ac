import pytest

from prism_translate.engine.recognisers import units


@pytest.mark.parametrize("lang,text,words", [
    # a department or a service by its head, with a specialty the dictionary may lack
    ("en", "Cardiology Department\n\nDear Mr Hale,", {"Cardiology", "Department"}),
    ("es", "Le escribimos desde el Servicio de Neurología para citarla.", {"Servicio", "de", "Neurología"}),
    ("fr", "Le Service de Pneumologie vous convoque.", {"Service", "de", "Pneumologie"}),
    ("ca", "El Servei de Cardiologia us cita a Consultes Externes.", {"Servei", "Cardiologia", "Consultes", "Externes"}),
    # a room or an event in mid-sentence
    ("en", "Lunch is in the Dining Room after the Staff Training Day.", {"Dining", "Room", "Staff", "Training", "Day"}),
    ("es", "Acuda a la Sala de Espera antes de la Jornada de Formación.", {"Sala", "Espera", "Jornada", "Formación"}),
    ("fr", "Rendez-vous en Salle de Réunion pour la Journée de Formation.", {"Salle", "Réunion", "Journée", "Formation"}),
    ("ca", "Adreceu-vos a la Sala d'Espera de la planta baixa.", {"Sala", "d'", "Espera"}),
    # a unit word inside the run: the department's bulletin
    ("es", "Boletín Mensual del Departamento de Compras.", {"Boletín", "Mensual", "Departamento", "Compras"}),
    # a lone unit word inside a sentence
    ("es", "La comida se servirá en el Comedor.", {"Comedor"}),
    # a building's hall, floor or room, whatever the preposition before it, and its ordinal
    ("en", "First Aid boxes are kept in the Sports Hall.", {"Sports", "Hall"}),
    ("en", "Tea is served in the Meeting Room on the Third Floor.", {"Third", "Floor"}),
    ("es", "Los voluntarios pueden apuntarse en Conserjería.", {"Conserjería"}),
    ("es", "Dejad los abrigos en la Mesa de Entrada antes de clase.", {"Mesa", "Entrada"}),
    ("fr", "Le personnel du Deuxième Étage sortira par l'escalier.", {"Deuxième", "Étage"}),
    ("fr", "Les élèves mangent à la Cantine.", {"Cantine"}),
    ("ca", "Els voluntaris es poden apuntar a Consergeria.", {"Consergeria"}),
])
def test_a_unit_room_or_event_of_common_words_is_ordinary(recognised, lang, text, words):
    found = recognised(units.units, text, lang)
    assert {w for w, kind in found.items() if kind == ""} >= words


@pytest.mark.parametrize("lang,text,kept", [
    # a company, a school or a hospital of common words has no unit word
    ("en", "Summit Finance will call you.", {"Summit", "Finance"}),
    ("es", "El Hospital Clínic le enviará la cita.", {"Hospital", "Clínic"}),
    ("ca", "L'Escola Els Pins tanca el divendres.", {"Escola", "Pins"}),
    # an organisation's own name with a word no dictionary knows
    ("en", "Please come to the Kingsmead Orthopaedic Unit on Monday.", {"Kingsmead", "Orthopaedic", "Unit"}),
    # a census first name, a title or a place word beside the unit word
    ("en", "Rose Ward will see you now.", {"Rose", "Ward"}),
    ("fr", "La Salle Dupont est réservée.", {"Dupont"}),
    ("en", "The Town Hall Reception is closed.", {"Town", "Hall"}),
    # a lone unit word opening a line is a heading's, left to the other recognisers
    ("en", "Reception\nThe desk opens at nine.", {"Reception"}),
    # ... and one after a title, or a census surname, may be a person's
    ("es", "La señora Sala revisará la planta baja.", {"Sala"}),
    ("ca", "La senyora Sala arribarà tard.", {"Sala"}),
    ("fr", "Merci à Mme Cantine pour son aide.", {"Cantine"}),
    ("en", "Dear Mr Hall, thanks, Hall.", {"Hall"}),
    # a town's hall stays the town's
    ("en", "Meet at the Reading Town Hall.", {"Reading", "Town", "Hall"}),
])
def test_a_name_beside_or_without_a_unit_word_is_left_to_the_name_recognisers(recognised, lang, text, kept):
    assert not kept & set(recognised(units.units, text, lang))
